import { sentenceReference, type Analysis } from './analysis.ts';
import { RARE_ZIPF, UNSEEN_ZIPF, zipf } from './commonness.ts';
import type { Sentence } from './document-parts.ts';
import { makeOption, type Option } from './distractors.ts';
import { namesItself } from './entry-questions.ts';
import { isStatement } from './explanations.ts';
import type { Phrase } from './key-phrases.ts';
import { joinTokens, type Token } from './nlp.ts';
import { byDifficulty, quoteExplanation, standsAlone, type Build, type Candidate } from './question-parts.ts';

// "Which package contains the OpenLDAP server?", "Which program produces incremental differences from
// binary dumps?": a manual names its programs and packages by what they do ("The slapd package contains
// the OpenLDAP server."). The question asks for the name by that description among the other packages, or the other
// programs, the same document names with their head noun, which shows them to be things of one kind.
// It is the system manual's counterpart of the API reference's entry question (./entry-questions.ts).

export const PROGRAM_FAMILY = 'program';
/** What a head noun makes of the name before it: a package, or a program however the manual calls it. */
const KIND_OF_HEAD: ReadonlyMap<string, string> = new Map([
  ['package', 'package'],
  ['command', 'program'],
  ['program', 'program'],
  ['utility', 'program'],
  ['tool', 'program'],
  ['daemon', 'program'],
]);
const MIN_WORDS = 6;
const MAX_WORDS = 30;
const OPTIONS = 4;
/** Of the auxiliaries, only "can" states what a program does; "will" and "must" tell a step of a procedure. */
const ABILITY = 'can';
const LINKING_VERBS = new Set(['be', 'have', 'do']);

type Named = { name: string; kind: string; head: string; phrase: Phrase };

/**
 * "slapd package", "groupmod command", "apt-cache command": a name run as written (lower case) that
 * English never uses, or one made of parts with a hyphen or a digit of which one is rare in English,
 * with the head noun that says what it is; "Debian package", "virtual package", "low-level tool" and
 * "partitioning tool" (a word English makes, not a name) name none.
 */
function isName(word: string): boolean {
  if (!/^\p{Ll}/u.test(word) || /(?:ing|ed)$/.test(word)) return false;
  const parts = word.split(/[-\d]+/).filter(Boolean);
  return parts.length > 1 ? parts.some((part) => zipf(part) < RARE_ZIPF) : zipf(word) <= UNSEEN_ZIPF;
}

function namedThing(analysis: Analysis, phrase: Phrase | undefined): Named | undefined {
  if (!phrase || phrase.tokenCount !== 2) return undefined;
  const [name, head = ''] = phrase.display.split(' ');
  const kind = KIND_OF_HEAD.get(phrase.lemmas.at(-1) ?? '');
  if (!name || !kind || !isName(name) || readAsAdjective(analysis, phrase, name)) return undefined;
  return { name, kind, head: head.toLowerCase(), phrase };
}

/** "the homonymous package": a rare word of English's make, which the text uses as a word, not a name. */
function readAsAdjective(analysis: Analysis, phrase: Phrase, name: string): boolean {
  const lower = name.toLowerCase();
  return phrase.sentenceIds.some((id) => analysis.sentences[id]?.tokens.some((token) => token.lower === lower && token.pos === 'ADJ'));
}

/** The verb after the name, when it says what the thing does ("contains", "can convert"); its position. */
function doingVerb(tokens: readonly Token[], at: number): number | undefined {
  const verb = tokens[at];
  if (!verb) return undefined;
  if (verb.pos === 'AUX') return verb.lower === ABILITY && tokens[at + 1]?.pos === 'VERB' ? at : undefined;
  const presentThirdPerson = verb.pos === 'VERB' && /s$/.test(verb.lower) && verb.lower !== verb.lemma;
  return presentThirdPerson && !LINKING_VERBS.has(verb.lemma) ? at : undefined;
}

/** "listens to all of them", "its usage is fairly straightforward": a description that points back at what came before. */
const POINTS_BACK = new Set(['it', 'its', 'they', 'them', 'their', 'this', 'these', 'those', 'such']);
const MIN_DESCRIPTION_WORDS = 3;

type Described = { named: Named; sentence: Sentence; does: string; predicateKeys: string[] };

/** "The slapd package contains the OpenLDAP server.": a sentence that opens with a named thing and says what it does. */
function describedThing(analysis: Analysis, sentence: Sentence): Described | undefined {
  const spans = analysis.phrases.inSentence.get(sentence.id) ?? [];
  const [first] = spans;
  const lead = sentence.tokens[0]?.lower;
  if (!first || !(first.start === 0 || (first.start === 1 && lead === 'the'))) return undefined;
  // The cheap tests first: most sentences open with no named thing, and the tests of a whole sentence cost.
  const named = namedThing(analysis, analysis.phrases.byKey.get(first.key));
  const verb = named && doingVerb(sentence.tokens, first.end + 1);
  if (!named || verb === undefined) return undefined;
  if (!isStatement(sentence) || sentence.words < MIN_WORDS || sentence.words > MAX_WORDS || !standsAlone(sentence)) return undefined;
  const predicate = sentence.tokens.slice(verb);
  const words = predicate.filter((token) => /\p{L}/u.test(token.text));
  if (words.length < MIN_DESCRIPTION_WORDS || predicate.some((token) => POINTS_BACK.has(token.lower)) || !/[\p{L}\p{N})”"]\.?$/u.test(sentence.text))
    return undefined;
  const does = joinTokens(sentence.tokens.slice(verb)).replace(/\s*[.!;:]+$/, '');
  // "The samba package contains the main two servers of Samba 4": the description names the answer.
  if (namesItself(named.name, does)) return undefined;
  return { named, sentence, does, predicateKeys: spans.filter((span) => span.start > verb).map((span) => span.key) };
}

/**
 * The other things of its kind the document names, as wrong options: none named in a sentence that also
 * names what the description is about (it may do the same), nor a second name of the answer.
 */
function wrongOptions(analysis: Analysis, described: Described, things: readonly Named[]): Option[] {
  const about = new Set(described.predicateKeys);
  const mentions = (thing: Named) => [thing.phrase, analysis.phrases.byKey.get(thing.name.toLowerCase())].flatMap((phrase) => phrase?.sentenceIds ?? []);
  const alsoDoesIt = (thing: Named) =>
    mentions(thing).some((id) => id === described.sentence.id || (analysis.phrases.inSentence.get(id) ?? []).some((span) => about.has(span.key)));
  return things
    .filter((thing) => thing.kind === described.named.kind && thing.name !== described.named.name && !alsoDoesIt(thing))
    .map((thing) => nameOption(thing));
}

const nameOption = (thing: Named) => makeOption(thing.name, { family: PROGRAM_FAMILY, units: new Set(thing.phrase.units.keys()), name: true });

export function programQuestions(build: Build): Candidate[] {
  const preference = byDifficulty(build.difficulty, { easy: 0.7, medium: 0.6, hard: 0.6 });
  if (preference === undefined) return [];
  const { analysis } = build;
  const things = [
    ...new Map(
      [...analysis.phrases.byKey.values()].flatMap((phrase) => {
        const named = namedThing(analysis, phrase);
        return named ? [[named.name, named] as const] : [];
      }),
    ).values(),
  ];
  return analysis.sentences.flatMap((sentence): Candidate[] => {
    const described = describedThing(analysis, sentence);
    if (!described) return [];
    const options = wrongOptions(analysis, described, things);
    if (options.length < OPTIONS - 1) return [];
    const { named, does } = described;
    return [
      {
        kind: 'program',
        preference,
        position: sentence.id,
        fact: `sentence:${sentence.id}`,
        question: () => ({
          stem: `Which ${named.head} ${does}?`,
          answer: nameOption(named),
          pools: [{ family: PROGRAM_FAMILY, options }],
          explanation: quoteExplanation(sentence.text, named.name),
          source: sentenceReference(analysis, sentence, named.name),
        }),
      },
    ];
  });
}
