import { comparisonKey, comparisonTokens } from '../quality.ts';
import { sentenceReference } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { makeOption, pickDistractors, type Option } from './distractors.ts';
import { isStatement } from './explanations.ts';
import { ARTICLES, joinTokens, type Token } from './nlp.ts';
import { blankablePhrases, byDifficulty, isListFragment, quoteExplanation, standsAlone, type Build, type Candidate } from './question-parts.ts';
import { phraseOption, SAME_HEAD_FAMILY, SIBLING_FAMILY } from './quiz-pools.ts';
import { createRandom, hashText } from './seeded-random.ts';
import { capitaliseFirst, escapeRegExp, lowerFirstUnlessAcronym } from './text.ts';

// "Which statement about <section> is true?": one sentence of a section as the document states it,
// beside other sentences of the same section each with one of its concepts swapped for another
// concept of the same kind from the document. A false statement the document states anywhere
// (the swap happened to make a true one) is not used.

const FAMILY = 'statement';
const MIN_WORDS = 8;
const MAX_WORDS = 30;
/** Sentences of the section besides the true one that are tried as false ones, nearest first. */
const NEIGHBOURS = 6;
const SECTION_NUMBER = /^[\p{N}.\s]+(?=\p{L})/u;
/** "annotation: A label…", "C-y: Insert…", "3.2 Invoking…", "BEHIND THE SCENES": an entry of a list, a heading or a sidebar's label, not a statement. */
const LABELLED = /^(?:[^\s:]+(?:\s[^\s:]+){0,3}:\s|\p{N})|\b\p{Lu}{3,}\s\p{Lu}{2,}\b/u;
/** A section title that reads as a topic: a few words, not a sentence or a label ending in a colon. */
const TOPIC = /^[^:.;!?]{3,60}$/u;
const MAX_TOPIC_WORDS = 8;
const READER = new Set(['you', 'your', 'we', 'our', 'us']);

type Statement = { sentence: Sentence; swaps: ReturnType<typeof blankablePhrases> };

const PLURAL_VERBS = new Set(['are', 'were', 'have', 'do']);
const SINGULAR_VERBS = new Set(['is', 'was', 'has', 'does']);

/**
 * Whether the noun at `head` is plural: by its inflection ("subpatterns"), and a noun that could be
 * either ("series", "APIs") by the verb right after it. A verb after a plain singular ("Subpatterns in
 * the sequence pattern are matched") agrees with another subject.
 */
function isPlural(tokens: readonly Token[], head: number): boolean {
  const token = tokens[head];
  if (!token) return false;
  if (token.lower !== token.lemma) return true;
  if (!token.lower.endsWith('s')) return false;
  const next = tokens[head + 1]?.lower ?? '';
  if (PLURAL_VERBS.has(next)) return true;
  if (SINGULAR_VERBS.has(next)) return false;
  return /[^s]s$/.test(token.lower);
}

const LINKING = '(?:is|are|called|so called|known as|also known as|such as|like|or)';

/**
 * Whether the document says one concept is (a kind of) the other ("the Boolean operators and and or
 * are so-called short-circuit operators"): swapped for each other they would make a true statement.
 */
function isLinked(stated: Stated, a: string, b: string): boolean {
  const withB = new Set(stated.byWord.get(b.split(' ')[0] ?? '') ?? []);
  const both = (stated.byWord.get(a.split(' ')[0] ?? '') ?? []).filter((id) => withB.has(id));
  if (both.length === 0) return false;
  const gap = '(?: \\S+){0,4}';
  const pattern = (x: string, y: string) => `\\b${escapeRegExp(x)}\\b${gap} ${LINKING}${gap} ${escapeRegExp(y)}\\b`;
  const linked = new RegExp(`${pattern(a, b)}|${pattern(b, a)}`);
  return both.some((id) => linked.test(stated.keys[id] ?? ''));
}

/** The document's sentences in comparison form, whole and by word, to tell what it states. */
type Stated = { text: string; keys: readonly string[]; byWord: ReadonlyMap<string, number[]> };

function statedIn(sentences: readonly Sentence[]): Stated {
  const keys = sentences.map((sentence) => comparisonKey(sentence.text));
  const byWord = new Map<string, number[]>();
  keys.forEach((key, id) => {
    for (const word of new Set(key.split(' '))) {
      const ids = byWord.get(word);
      if (ids) ids.push(id);
      else byWord.set(word, [id]);
    }
  });
  return { text: ` ${keys.join(' ')} `, keys, byWord };
}

/** "a" or "an" as the word after it sounds, for an article left in front of a swapped concept. */
function article(before: Token | undefined, next: string): Token | undefined {
  if (!before || (before.lower !== 'a' && before.lower !== 'an')) return before;
  // "a unicode string", "a user": a "u" said as "you" takes "a".
  const text = /^(?:[aeio]|u(?!ni|s[eu]|ti))/i.test(next) ? 'an' : 'a';
  return { ...before, text: before.text.charAt(0) === 'A' ? capitaliseFirst(text) : text };
}

/** "is", "is an", "are often the", "should be a": the words of "X is a Y" between a subject and what it is said to be. */
const isCopula = (between: readonly Token[]) => {
  const verb = between[0]?.pos === 'AUX' && between[0].lemma !== 'be' ? 1 : 0;
  const rest = between.slice(verb);
  return rest.length > 0 && rest.length <= 3 && rest[0]?.lemma === 'be' && rest.slice(1).every((token) => token.pos === 'DET' || token.pos === 'ADV');
};

const QUOTES = new Set(["'", '"', '‘', '’', '“', '”', '`']);
/** Words between two concepts that make them interchangeable ("A and B", "A, B", "A or B"): swapped they say the same. */
const COORDINATING = new Set(['and', 'or', 'nor', ',', '/', '&']);
/**
 * "Ekiga, Linphone, Psi, Jitsi and Jami", "the locale, the keymap, the console font and the mount
 * point": two items of one list however many items stand between them (only names, nouns, articles and
 * commas or conjunctions do), so that swapped they say the same.
 */
const listedTogether = (between: readonly Token[]) =>
  between.some((token) => COORDINATING.has(token.lower)) &&
  between.every((token) => COORDINATING.has(token.lower) || ARTICLES.has(token.lower) || token.pos === 'PROPN' || token.pos === 'NOUN');

/** "where", "which", "who", "when": words that open a clause of their own. */
const CLAUSE_OPENERS = new Set(['where', 'which', 'who', 'whom', 'whose', 'when', 'whether']);
const opensClause = (token: Token, next: Token | undefined) =>
  token.pos === 'SCONJ' || CLAUSE_OPENERS.has(token.lower) || (token.lower === 'to' && token.pos === 'PART' && next?.pos === 'VERB');
/**
 * A colon, a semicolon, or a comma before "and", "but" or "or": the words between two concepts end one
 * clause and open another. So does a subordinating word or an infinitive the second concept stands in
 * ("the linker may find that it doesn't know where an identifier is defined", "an import library is used
 * only to reassure the linker…"): the concept before it acts, the one after it is acted on, and traded
 * they read as nonsense. A comma after it closes that clause ("Free variables are looked up where the
 * function was defined, local variables where it runs"): the two stand side by side again.
 */
function crossesClauses(between: readonly Token[]): boolean {
  if (between.some((token, index) => token.text === ':' || token.text === ';' || (token.text === ',' && between[index + 1]?.pos === 'CCONJ'))) return true;
  const opener = between.findLastIndex((token, index) => opensClause(token, between[index + 1]));
  return opener >= 0 && !between.slice(opener + 1).some((token) => token.text === ',');
}

/** "associate", "combines", "compared": a verb whose relation holds both ways. */
const BOTH_WAYS_VERB = /^(?:associat|combin|compar|connect|correlat|exchang|join|link|match|merg|mix|pair|swap)(?:e|es|ed|ing|s)?$/;
const BOTH_WAYS_JOINS = new Set(['with', 'and', 'to']);
/**
 * "…usually associate a single command-line argument with a single action…": the two concepts of a
 * relation that holds both ways, traded, say what the sentence says (whatever the tagger reads the verb as).
 */
const relatesBothWays = (tokens: readonly Token[], start: number, between: readonly Token[]) => {
  const joins = between.filter((token) => !ARTICLES.has(token.lower));
  return (
    joins.length === 1 &&
    BOTH_WAYS_JOINS.has(joins[0]?.lower ?? '') &&
    tokens.slice(Math.max(0, start - BOTH_WAYS_REACH), start).some((token) => BOTH_WAYS_VERB.test(token.lower))
  );
};
/** How far before the first concept the verb of a two-way relation stands ("associate a single …"). */
const BOTH_WAYS_REACH = 3;

/**
 * The sentence with two of its own concepts in each other's places ("Local variables become free
 * variables if…" from "Free variables become local variables if…"): a false statement about the same
 * things that reads as the document's own sentence. Only concepts of the same number trade places
 * (the verbs still agree), never two the sentence lists side by side, and never into a sentence the
 * document states.
 */
function rolesSwapped(statement: Statement, stated: Stated): string | undefined {
  const { tokens } = statement.sentence;
  const spans = [...statement.swaps].sort((a, b) => a.span.start - b.span.start);
  for (let i = 0; i < spans.length; i += 1) {
    for (let j = i + 1; j < spans.length; j += 1) {
      const [first, second] = [spans[i], spans[j]];
      if (!first || !second || first.phrase.key === second.phrase.key) continue;
      if (isPlural(tokens, first.span.end) !== isPlural(tokens, second.span.end)) continue;
      // A name and a concept do not trade places ("Copyleft discovered the idea when…" from "Richard Stallman discovered…").
      if (Boolean(first.phrase.proper) !== Boolean(second.phrase.proper)) continue;
      // "'SIGTERM' and 'SIGINT'": the quotes around names leave them a pair all the same.
      const between = tokens.slice(first.span.end + 1, second.span.start).filter((token) => !QUOTES.has(token.text));
      if ((between.length <= 2 && between.some((token) => COORDINATING.has(token.lower))) || listedTogether(between)) continue;
      // "maxsize is an integer that…" turned round ("Integer is a maxsize that…") is nonsense, not a false statement;
      // so are two concepts of different clauses ("If the target is a primary expression: The attribute
      // reference…", "…must be an assigned object…, and the sequence is asked to assign the nonnegative integer…").
      if (isCopula(between) || crossesClauses(between) || relatesBothWays(tokens, first.span.start, between)) continue;
      const surface = (span: typeof first.span) => tokens.slice(span.start, span.end + 1);
      const moved = (span: typeof first.span, from: readonly Token[]): Token[] => {
        // Names keep their capitals wherever they move ("Jitsi", not "jitsi"); concepts take the sentence's case.
        const text = span.start === 0 ? capitaliseFirst(joinTokens(from)) : first.phrase.proper ? joinTokens(from) : lowerFirstUnlessAcronym(joinTokens(from));
        return [{ text, lower: text.toLowerCase(), lemma: text, pos: 'NOUN', stop: false, space: tokens[span.start]?.space ?? ' ' }];
      };
      const before = tokens.slice(0, first.span.start);
      const fixedFirst = article(before.at(-1), joinTokens(surface(second.span)));
      const middle = tokens.slice(first.span.end + 1, second.span.start);
      const fixedSecond = article(middle.at(-1), joinTokens(surface(first.span)));
      const text = joinTokens([
        ...before.slice(0, -1),
        ...(fixedFirst ? [fixedFirst] : []),
        ...moved(first.span, surface(second.span)),
        ...middle.slice(0, -1),
        ...(fixedSecond ? [fixedSecond] : []),
        ...moved(second.span, surface(first.span)),
        ...tokens.slice(second.span.end + 1),
      ]);
      if (!stated.text.includes(` ${comparisonKey(text)} `)) return text;
    }
  }
  return undefined;
}

/** The sentence with one of its concepts swapped for another of the same kind, unless the document says that too. */
function falsified(build: Build, statement: Statement, stated: Stated, nearby: ReadonlySet<string>): string | undefined {
  const { analysis, pools, difficulty } = build;
  const { tokens } = statement.sentence;
  const random = createRandom(hashText(`statement:${statement.sentence.id}`, analysis.seed));
  for (const { span, phrase } of statement.swaps) {
    const head = tokens[span.end];
    const surface = joinTokens(tokens.slice(span.start, span.end + 1));
    // Number is kept (a plural only for a plural) so that the verb after the swapped concept still agrees.
    const concept = phraseOption(phrase, surface, isPlural(tokens, span.end));
    // A concept from another part of the document makes a false statement that reads as nonsense
    // ("Quasi family and dirname select parts of a file path"): only one its own section names is swapped in.
    const sources = [
      { family: SAME_HEAD_FAMILY, options: pools.byHead.get(phrase.lemmas.at(-1) ?? '') ?? [] },
      { family: SIBLING_FAMILY, options: pools.siblingsOf(phrase.key) },
    ].map((source) => ({ ...source, options: source.options.filter((option) => nearby.has(option.key)) }));
    for (const source of sources) {
      const [other] =
        pickDistractors({ ...concept, family: source.family }, source.options, {
          difficulty,
          random,
          stemKey: comparisonKey(statement.sentence.text),
          stemWords: new Set(comparisonTokens(statement.sentence.text)),
          count: 1,
        }) ?? [];
      if (!other || isLinked(stated, concept.key, other.key)) continue;
      const replacement = span.start === 0 ? capitaliseFirst(other.text) : phrase.proper ? other.text : lowerFirstUnlessAcronym(other.text);
      const swapped: Token = {
        text: replacement,
        lower: replacement.toLowerCase(),
        lemma: replacement,
        pos: 'NOUN',
        stop: false,
        space: tokens[span.start]?.space ?? ' ',
      };
      const before = tokens.slice(0, span.start);
      const fixed = article(before.at(-1), replacement);
      const text = joinTokens([...before.slice(0, -1), ...(fixed ? [fixed] : []), swapped, ...tokens.slice(span.end + 1)]);
      if (!stated.text.includes(` ${comparisonKey(text)} `)) return text;
    }
  }
  return undefined;
}

export function statementQuestions(build: Build): Candidate[] {
  const { analysis, difficulty } = build;
  const preference = byDifficulty(difficulty, { medium: 0.5, hard: 0.85 });
  if (preference === undefined) return [];
  const sections = new Map<string, Statement[]>();
  for (const sentence of analysis.sentences) {
    if (
      !isStatement(sentence) ||
      sentence.words < MIN_WORDS ||
      sentence.words > MAX_WORDS ||
      !standsAlone(sentence) ||
      isListFragment(analysis, sentence) ||
      LABELLED.test(sentence.text)
    )
      continue;
    // "…and you need to know how scopes work", "we want to protect…": advice to the reader, not a fact to tell true from false.
    if (sentence.tokens.some((token) => READER.has(token.lower))) continue;
    const swaps = blankablePhrases(build, sentence).sort((a, b) => b.phrase.centrality - a.phrase.centrality);
    if (swaps.length === 0) continue;
    const key = `${sentence.unit}|${sentence.section ?? ''}`;
    sections.set(key, [...(sections.get(key) ?? []), { sentence, swaps }]);
  }
  const named = new Map<string, Set<string>>();
  for (const sentence of analysis.sentences) {
    const key = `${sentence.unit}|${sentence.section ?? ''}`;
    const keys = named.get(key) ?? new Set<string>();
    for (const span of analysis.phrases.inSentence.get(sentence.id) ?? []) {
      const phrase = analysis.phrases.byKey.get(span.key);
      if (phrase) keys.add(comparisonKey(phrase.display));
    }
    named.set(key, keys);
  }
  let stated: Stated | undefined;
  // A sentence made false once serves every question of its section that shows it.
  const falseVersions = new Map<number, string | undefined>();
  const falseVersionOf = (statement: Statement) => {
    if (!falseVersions.has(statement.sentence.id)) {
      stated ??= statedIn(analysis.sentences);
      const { unit, section } = statement.sentence;
      falseVersions.set(
        statement.sentence.id,
        rolesSwapped(statement, stated) ?? falsified(build, statement, stated, named.get(`${unit}|${section ?? ''}`) ?? new Set()),
      );
    }
    return falseVersions.get(statement.sentence.id);
  };
  return [...sections.values()].flatMap((statements) =>
    statements.length < 4
      ? []
      : statements.map(({ sentence, swaps }, index): Candidate => ({
          kind: 'statement',
          preference: preference + 0.3 * (swaps[0]?.phrase.centrality ?? 0),
          position: sentence.id,
          fact: `sentence:${sentence.id}`,
          question: () => {
            const others = statements
              .filter((_, other) => other !== index)
              .sort((a, b) => Math.abs(a.sentence.id - sentence.id) - Math.abs(b.sentence.id - sentence.id));
            const falseOnes: Option[] = others
              .slice(0, NEIGHBOURS)
              .flatMap((other) => falseVersionOf(other) ?? [])
              .map((text) => makeOption(text, { family: FAMILY, tokenCount: 0 }));
            const topic = sentence.section?.replace(SECTION_NUMBER, '').trim() ?? '';
            const fits = TOPIC.test(topic) && topic.split(/\s+/).length <= MAX_TOPIC_WORDS;
            return {
              stem: fits ? `Which statement about "${topic}" is true?` : 'Which of these statements is true?',
              answer: makeOption(sentence.text, { family: FAMILY, tokenCount: 0, units: new Set([sentence.unit]) }),
              pools: [{ family: FAMILY, options: falseOnes }],
              explanation: quoteExplanation(sentence.text, swaps[0]?.phrase.display ?? ''),
              source: sentenceReference(analysis, sentence),
            };
          },
        })),
  );
}
