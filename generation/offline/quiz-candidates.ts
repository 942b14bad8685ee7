import type { Difficulty } from '../../domain/learning-content.ts';
import { comparisonTokens } from '../quality.ts';
import { sentenceReference, sourceReference, titleModule, type Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { namesAParameter, type Definition } from './definitions.ts';
import { makeOption, type Option } from './distractors.ts';
import { isStatement } from './explanations.ts';
import { isMemberName, isSignature } from './headings.ts';
import { isGenericPhrase } from './key-phrases.ts';
import { joinTokens, readsAsVerb, type Token } from './nlp.ts';
import {
  BLANK,
  blankablePhrases,
  byDifficulty,
  EARLY_TOKENS,
  insideBrackets,
  isInPredicate,
  maskTokens,
  namesTheTitle,
  quoteExplanation,
  standsAlone,
  wordPairs,
  isListFragment,
  type Build,
  type Candidate,
} from './question-parts.ts';
import {
  DEFINED_TERM_FAMILY,
  definedTermOption,
  entityAnswer,
  entityFamily,
  GLOSSARY_ENTRY_FAMILY,
  isNumberName,
  phraseOption,
  QUIZ_ENTITY_TYPES,
  SAME_GENUS_FAMILY,
  SAME_HEAD_FAMILY,
  SIBLING_FAMILY,
  termFamily,
  type QuizPools,
} from './quiz-pools.ts';
import { entryQuestions } from './entry-questions.ts';
import { programQuestions } from './program-questions.ts';
import { statementQuestions } from './statement-questions.ts';
import type { Table } from './tables.ts';
import { escapeRegExp, excerpt, lowerFirstUnlessAcronym } from './text.ts';

// Question candidates, each a fact the source states:
//   - a defined term ("Which term matches this definition: …?") or, easier, its definition;
//   - what a concept is for, where a sentence says so ("The finally clause is useful for releasing
//     external resources" → "What is useful for releasing external resources?");
//   - a key phrase or a number/date blanked out of one of its sentences;
//   - which of a section's statements is true (./statement-questions.ts);
//   - which entry of an API reference does what its description says (./entry-questions.ts);
//   - which program or package of a manual does what a sentence says of it (./program-questions.ts);
//   - a cell of a table ("What is the capital of France?", "Which country has the capital Paris?").
// Which kinds a difficulty allows, and how much it prefers each, is set here: easy keeps to central
// definitions and terms and asks no numbers; hard prefers less central terms, numbers, dates and
// table figures. The question text is built only when the chooser gets to a candidate.

/**
 * A short sentence leans on the one before it ("No decoding of the query string is performed.",
 * "Errors in the input stream are not forwarded."): judged on the read parts, blanks in sentences of
 * eight or nine words were kept 0 times in 9, of ten or more 63 in 104 (each item once).
 */
const MIN_CLOZE_WORDS = 10;
const EASY_MIN_CENTRALITY = 0.5;

/**
 * "A name that begins with _____/ (e.g. _____/heads/master)", "collections.abc._____": the term blanked
 * inside a path or a dotted name leaves it half-written.
 */
const BLANK_IN_NAME = new RegExp(`[/.]${BLANK}|${BLANK}(?:/|\\.\\w)`);

function maskTerm(text: string, term: string): string {
  const words = term.split(/\s+/).map(escapeRegExp).join('\\s+');
  return text.replace(new RegExp(`\\b${words}(?:e?s)?\\b`, 'giu'), BLANK);
}

function definitionCandidates({ analysis, pools, difficulty }: Build, definition: Definition): Candidate[] {
  const sentence = analysis.sentences[definition.sentenceId];
  if (!sentence) return [];
  const phrase = analysis.phrases.byKey.get(definition.key);
  const centrality = phrase?.centrality ?? 0.5;
  const source = () => sourceReference(analysis, sentence.unit, sentence.section, definition.quote, definition.term);
  const fact = `sentence:${definition.sentenceId}`;
  const candidates: Candidate[] = [];
  const termPreference = byDifficulty(difficulty, { easy: 1 + centrality, medium: 0.6 + 0.4 * centrality, hard: 0.4 + 0.6 * (1 - centrality) });
  const masked = maskTerm(definition.text, definition.term);
  if (termPreference !== undefined && !BLANK_IN_NAME.test(masked)) {
    const phraseFamily = termFamily(phrase?.proper ?? /^\p{Lu}/u.test(definition.term));
    candidates.push({
      kind: 'term',
      preference: termPreference,
      position: definition.sentenceId,
      fact,
      question: () => ({
        stem: `Which term matches this definition: "${masked}"`,
        answer: definedTermOption(analysis, definition),
        // Terms of the same kind first: listed beside it, defined with the same genus, or entries of the same
        // glossary list (the section it stands in); then other defined terms, and key phrases of the same sort when the document defines too
        // few. Not those named with its head noun: a definition of "numeric vector" ("an ordered collection
        // of numbers") fits a "data vector" as well.
        pools: [
          { family: SIBLING_FAMILY, options: pools.siblingsOf(definition.key) },
          { family: SAME_GENUS_FAMILY, options: (definition.genus && pools.definedTermsByGenus.get(definition.genus)) || [] },
          ...(definition.origin === 'glossary'
            ? [{ family: GLOSSARY_ENTRY_FAMILY, options: pools.glossaryTermsBySection.get(sentence.section ?? '') ?? [] }]
            : []),
          { family: DEFINED_TERM_FAMILY, options: pools.definedTerms },
          ...anyPhraseOf(pools, definedTermOption(analysis, definition), phraseFamily),
        ],
        explanation: quoteExplanation(definition.quote, definition.term),
        source: source(),
      }),
    });
  }
  const meaningPreference = byDifficulty(difficulty, { easy: 0.9 + centrality, medium: 0.4 + 0.3 * centrality, hard: 0.3 + 0.4 * (1 - centrality) });
  if (meaningPreference !== undefined && pools.meanings.has(definition.text)) {
    candidates.push({
      kind: 'meaning',
      preference: meaningPreference,
      position: definition.sentenceId,
      fact,
      question: () => {
        const termWords = comparisonTokens(definition.term);
        const termStems = new Set(termWords.filter((word) => word.length >= MIN_STEM_WORD).map(stemOf));
        // A glossary entry's meaning stands among the meanings of its own list: DNS flags' beside error codes' would give it away.
        const meanings = definition.origin === 'glossary' ? (pools.glossaryDefinitionsBySection.get(sentence.section ?? '') ?? []) : pools.definitions;
        return {
          stem: `What does "${definition.term}" mean?`,
          answer: makeOption(definition.text, { family: 'definition', units: new Set([sentence.unit]), tokenCount: 0 }),
          // A wrong definition that names the asked term would be confusing, not wrong; one that speaks of what
          // the term's own words say ("A minimal package of Python suitable for embedding…" beside "embedded
          // distribution") may describe the same thing under another name.
          pools: [
            {
              family: 'definition',
              options: meanings.filter(
                (option) => !termWords.every((word) => option.words.has(word)) && ![...option.words].some((word) => termStems.has(stemOf(word))),
              ),
            },
          ],
          explanation: `The source defines "${definition.term}": "${excerpt(definition.quote, definition.term, 240)}"`,
          source: source(),
        };
      },
    });
  }
  return candidates;
}

/** Words this long or longer are compared by their stems. */
const MIN_STEM_WORD = 5;
/** "embedded", "embedding" → "embed": a word without its ending and a doubled last consonant. */
const stemOf = (word: string) => word.replace(/(?:ing|ed|able|ions?|ers?)$/, '').replace(/(\p{L})\1$/u, '$1');

/**
 * Any key phrase of the answer's sort, as a last pool — but not for a name ("Telnet", "Perl", "GNOME"):
 * names are of as many kinds as there are things ("Unicode", "XML" and "Perl" beside "HTML"), so a name
 * stands only among names the text lists or defines beside it. Judged: 2 of 10 such items were kept.
 */
function anyPhraseOf(pools: QuizPools, answer: Option, family: string): Array<{ family: string; options: readonly Option[] }> {
  return answer.name ? [] : [{ family, options: pools.terms.get(family) ?? [] }];
}

/** "Event: 'line'": a reference's section on one event. */
const EVENT_SECTION = /^event:\s/i;

/**
 * "The listener function is called with a string…" under "Event: 'line'": an event's section says "the
 * listener", "the input stream" for that event's own; out of it, the blank has as many answers as events.
 * Judged on the read parts: 0 of 6 such blanks kept.
 */
const isEventsOwn = (sentence: Sentence, start: number) => EVENT_SECTION.test(sentence.section ?? '') && sentence.tokens[start - 1]?.lower === 'the';

/** "ERR_SOCKET_BAD_PORT", "EAI_AGAIN": a section on one error code, in the capitals such codes are named in. */
const ERROR_CODE_SECTION = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * "An _____ expecting a port >= 0 and < 65536 received an invalid value." under "ERR_SOCKET_BAD_PORT":
 * an error code's description opens with whatever met the error, one of many things that could; what
 * it teaches is the code's condition, not the name of its subject. Judged on the read parts: 1 of 8 such
 * items kept.
 */
const isErrorsSubject = (sentence: Sentence, start: number) =>
  ERROR_CODE_SECTION.test(sentence.section?.trim() ?? '') && sentence.tokens.slice(0, start).every((token) => token.pos === 'DET');

/**
 * "The _____ is an integer if ndigits is omitted or None." under round(): what "the return value" is the
 * section's entry's; out of it, the blank is any function's. Judged on round 110: 0 of 2 such blanks kept.
 */
const RESULT_WORDS: ReadonlySet<string> = new Set(['return value', 'result']);
const isEntrysResult = (sentence: Sentence, start: number, key: string) => RESULT_WORDS.has(key) && sentence.tokens[start - 1]?.lower === 'the';

/** A sentence under an entry's heading ("Loader.module_repr(module)", "os.environ"): part of that entry's description. */
const describesAnEntry = (sentence: Sentence) => isSignature(sentence.section ?? '') || isMemberName(sentence.section ?? '');

/** The kinds of entry a reference documents, as its descriptions name them ("A legacy method which…"). */
const ENTRY_KINDS: ReadonlySet<string> = new Set(['method', 'function', 'class', 'attribute', 'property', 'decorator', 'constructor', 'callback']);
/**
 * "A _____ which when implemented calculates and returns the given module's representation" (legacy method)
 * under "Loader.module_repr(module)", "_____ that attempts to find a spec…" (class method): an entry's
 * description opens with the kind of entry it is; the stem names no entry, and any of the kind fits the blank.
 * Judged on round 123: 0 of 5 such blanks kept; on round 125, os's data entries: 0 of 4.
 */
const isEntrysKind = (sentence: Sentence, start: number, end: number, head: string | undefined) => {
  if (!describesAnEntry(sentence) || !sentence.tokens.slice(0, start).every((token) => token.pos === 'DET')) return false;
  // "A _____ indicating which functions in the os module accept…" (set object) under "os.supports_dir_fd", "A _____
  // where keys and values are strings…" (mapping object) under "os.environ": a data entry's kind, its description
  // going on as a phrase; "A namespace object has no public methods…" says what the object does.
  const after = sentence.tokens[end + 1];
  return ENTRY_KINDS.has(head ?? '') || (head === 'object' && (/ing$/.test(after?.lower ?? '') || DESCRIBING.has(after?.lower ?? '')));
};
const DESCRIBING: ReadonlySet<string> = new Set(['where', 'that', 'which', 'whose', 'with', 'for', 'of']);

/** "…which functions in the _____ accept an open file descriptor…" (os module) on os's own page: the page's module, which every reader knows. */
const namesThePagesModule = (analysis: Analysis, key: string) => {
  const module = titleModule(analysis.title);
  return module !== undefined && key === `${module.toLowerCase()} module`;
};

/**
 * "_____ from file descriptor src…" for "Copy count bytes from…" under "os.copy_file_range(…)": an entry's
 * description opens with its verb, which a phrase the chunker read across it ("copy count bytes") would blank.
 */
const swallowsTheVerb = (sentence: Sentence, start: number) => {
  const first = sentence.tokens[0];
  return start === 0 && first !== undefined && first.lower === first.lemma && readsAsVerb(first.lower) && describesAnEntry(sentence);
};

/** "A button widget is then created, and placed to the right of the label.": a step of a walk through an example, no fact to recall. */
const EXAMPLE_STEP = /\b(?:is|are|was|were)\s+then\s+\p{Ll}+ed\b/u;

/** Each key phrase that occurs once in the sentence can be blanked; the chooser keeps one per sentence. */
function termClozes(build: Build, sentence: Sentence): Candidate[] {
  const { analysis, pools, difficulty } = build;
  if (EXAMPLE_STEP.test(sentence.text)) return [];
  return blankablePhrases(build, sentence).flatMap(({ span, phrase }): Candidate[] => {
    if (difficulty === 'easy' && phrase.centrality < EASY_MIN_CENTRALITY) return [];
    if (
      isInPredicate(sentence.tokens, span.start) ||
      isEventsOwn(sentence, span.start) ||
      isErrorsSubject(sentence, span.start) ||
      isEntrysResult(sentence, span.start, phrase.key) ||
      isEntrysKind(sentence, span.start, span.end, phrase.lemmas.at(-1)) ||
      swallowsTheVerb(sentence, span.start) ||
      namesThePagesModule(analysis, phrase.key)
    )
      return [];
    const preference = byDifficulty(difficulty, {
      easy: 0.5 + phrase.centrality,
      medium: 0.3 + 0.5 * phrase.centrality,
      hard: 0.5 + 0.5 * (1 - phrase.centrality),
    });
    if (preference === undefined) return [];
    return [
      {
        kind: 'cloze',
        preference,
        position: sentence.id,
        fact: `sentence:${sentence.id}`,
        question: () => {
          const { tokens } = sentence;
          const surface = joinTokens(tokens.slice(span.start, span.end + 1));
          const head = tokens[span.end];
          const answer = phraseOption(
            phrase,
            phrase.proper ? surface : lowerFirstUnlessAcronym(surface),
            head?.pos === 'NOUN' ? head.lower !== head.lemma : undefined,
          );
          return {
            stem: `Complete the sentence: "${maskTokens(tokens, span.start, span.end)}"`,
            answer,
            // What the text lists beside it first; a compound among compounds of its head ("raise statement"
            // among "try statement", "return statement"); a term the document defines among the other terms
            // it defines (a glossary's entries); then any phrase of the document.
            pools: [
              { family: SIBLING_FAMILY, options: pools.siblingsOf(phrase.key) },
              ...(phrase.tokenCount > 1 ? [{ family: SAME_HEAD_FAMILY, options: pools.keyPhrasesByHead.get(phrase.lemmas.at(-1) ?? '') ?? [] }] : []),
              ...(analysis.definitionByKey.has(phrase.key) ? [{ family: DEFINED_TERM_FAMILY, options: pools.definedTerms }] : []),
              ...anyPhraseOf(pools, answer, answer.family),
            ],
            explanation: quoteExplanation(sentence.text, surface),
            source: sentenceReference(analysis, sentence, surface),
          };
        },
      },
    ];
  });
}

/** "is used to/for", "can be used to", "is useful for", "allows you to": a sentence stating what its subject is for. */
const PURPOSE_MARKERS: ReadonlyArray<readonly string[]> = [
  ...['is', 'are'].flatMap((verb) => [
    [verb, 'used', 'to'],
    [verb, 'used', 'for'],
    [verb, 'useful', 'for'],
    [verb, 'useful', 'to'],
  ]),
  ...['can', 'may'].flatMap((verb) => [
    [verb, 'be', 'used', 'to'],
    [verb, 'be', 'used', 'for'],
  ]),
  ...['allows', 'allow', 'lets', 'let', 'enables', 'enable'].map((verb) => [verb, 'you', 'to']),
];
const MIN_PURPOSE_WORDS = 3;
const MAX_PURPOSE_WORDS = 25;

const MAX_SUBJECT_TOKENS = 5;
const CONNECTIVES =
  /^(?:in addition|as always|as usual|in fact|of course|in practice|in general|in short|in particular|in other words|for instance|by default|at first|at last|in turn)$/i;
const NOT_IN_SUBJECT = new Set(['PUNCT', 'VERB', 'AUX', 'PRON', 'SCONJ', 'CCONJ']);

/** The length of the statement of purpose ("is used to…", "can be used for…") that starts at `at`; 0 when none does. */
function purposeMarkerAt(tokens: readonly Token[], at: number): number {
  const marker = PURPOSE_MARKERS.find((words) => words.every((word, offset) => tokens[at + offset]?.lower === word));
  return marker?.length ?? 0;
}

/**
 * Where the sentence says what its subject is for: the subject (a few words that open the sentence,
 * after an article, ending in a key phrase), the key phrase, and the verb that states the purpose.
 */
function purposeOf(
  analysis: Analysis,
  sentence: Sentence,
): { subject: { start: number; end: number }; key: string; verb: number; opening: number } | undefined {
  const { tokens } = sentence;
  // An opening phrase without a verb may come first ("In real world applications, the finally clause is…").
  const comma = tokens.findIndex((token) => token.text === ',');
  const opening = comma > 0 && comma < EARLY_TOKENS && !tokens.slice(0, comma).some((token) => token.pos === 'VERB' || token.pos === 'AUX') ? comma + 1 : 0;
  const first = tokens[opening]?.pos === 'DET' ? opening + 1 : opening;
  const verb = tokens.findIndex((_, index) => index > first && purposeMarkerAt(tokens, index) > 0);
  if (verb < 0 || verb - first > MAX_SUBJECT_TOKENS || tokens.slice(first, verb).some((token) => NOT_IN_SUBJECT.has(token.pos))) return undefined;
  const head = (analysis.phrases.inSentence.get(sentence.id) ?? []).find((span) => span.end === verb - 1 && span.start >= first);
  if (!head) return undefined;
  const purposeWords = tokens.slice(verb + purposeMarkerAt(tokens, verb)).filter((token) => token.pos !== 'PUNCT').length;
  if (purposeWords < MIN_PURPOSE_WORDS || purposeWords > MAX_PURPOSE_WORDS) return undefined;
  return { subject: { start: first, end: verb - 1 }, key: head.key, verb, opening };
}

/** "In some contexts, the pickle module is used to transfer massive amounts of data": a use hedged to some cases is no purpose of the thing. */
const HEDGE = /^(?:in\s+(?:some|certain|many|a few)\s+(?:contexts|cases|situations)|sometimes|occasionally)\b/i;

/** "What is used for matrix multiplication?": the concept a stated purpose belongs to, among concepts of its kind. */
function purposeQuestions({ analysis, pools, difficulty, titleWords }: Build, sentence: Sentence): Candidate[] {
  if (HEDGE.test(sentence.text)) return [];
  const found = purposeOf(analysis, sentence);
  const phrase = found && analysis.phrases.byKey.get(found.key);
  // A compound named with its purpose ("the break statement can be used to…") is a concept even when the
  // text names it once; its wrong options are then things of the same kind by name ("next statement").
  // "What is used to locate and run Python modules…?" on runpy's page: the page's title gives the answer away.
  // "The optional callback argument can be used to…": any function's parameter, by its role, is no concept.
  if (
    !found ||
    !phrase ||
    !(phrase.keyPhrase || phrase.tokenCount > 1) ||
    isGenericPhrase(phrase.key) ||
    namesAParameter(phrase.key) ||
    titleWords.has(phrase.key) ||
    namesTheTitle(phrase, titleWords)
  )
    return [];
  const preference = byDifficulty(difficulty, { easy: 0.8 + phrase.centrality, medium: 0.7 + 0.4 * phrase.centrality, hard: 0.6 + 0.3 * phrase.centrality });
  if (preference === undefined) return [];
  const { subject, verb, opening } = found;
  return [
    {
      kind: 'purpose',
      preference,
      position: sentence.id,
      fact: `sentence:${sentence.id}`,
      question: () => {
        const { tokens } = sentence;
        const surface = joinTokens(tokens.slice(subject.start, subject.end + 1));
        const verbToken = tokens[verb];
        const agreeing = verbToken ? [{ ...verbToken, text: singularVerb(verbToken.text) }] : [];
        const rest = joinTokens([...agreeing, ...tokens.slice(verb + 1)]).replace(/\s*[.!:;]+$/, '');
        // A setting the sentence opens with is part of the fact ("In real world applications, …"); a
        // connective ("As always,", "In addition,") leans on what came before and is left out.
        const setting = tokens.slice(0, Math.max(0, opening - 1));
        const keepsSetting = setting.some((token) => token.pos === 'NOUN' || token.pos === 'PROPN') && !CONNECTIVES.test(joinTokens(setting));
        const lead = keepsSetting ? `${joinTokens(setting)}, what` : 'What';
        const answer = phraseOption(phrase, phrase.proper ? surface : lowerFirstUnlessAcronym(surface));
        return {
          stem: `${lead} ${rest}?`,
          answer,
          // Only things of the same name ("try statement", "return statement" beside "break statement"): a
          // purpose names what something does, and anything of another kind is a giveaway.
          pools: [{ family: SAME_HEAD_FAMILY, options: pools.byHead.get(phrase.lemmas.at(-1) ?? '') ?? [] }],
          explanation: quoteExplanation(sentence.text, surface),
          source: sentenceReference(analysis, sentence, surface),
        };
      },
    },
  ];
}

const SINGULAR_FORMS: Readonly<Record<string, string>> = { are: 'is', were: 'was', have: 'has', do: 'does' };
const MODAL_VERBS = new Set(['can', 'could', 'may', 'might', 'must', 'shall', 'should', 'will', 'would']);
/**
 * "Options to the wm command allow you to control…" asked as "What allows you to control…?": the
 * question's "What" takes the verb a plural subject had in its singular form.
 */
function singularVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (SINGULAR_FORMS[lower]) return SINGULAR_FORMS[lower];
  // A modal, a verb already singular or past ("is", "does", "used") and a name stay as they are.
  if (MODAL_VERBS.has(lower) || /(?:s|ed)$/.test(lower) || !/^\p{Ll}+$/u.test(verb)) return verb;
  if (/(?:sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  return /[^aeiou]y$/.test(lower) ? `${verb.slice(0, -1)}ies` : `${verb}s`;
}

/** "Around 100 datasets", "about 1.1 million values": the text gives the number as a rough one, no fact to recall exactly. */
const ROUGHLY = new Set(['about', 'around', 'roughly', 'nearly', 'almost', 'approximately', 'some']);

/**
 * "Note that … the line length limit of 4095 bytes still applies", "A 95% confidence interval would be
 * …", "As an exercise you may care to find the usual 95% confidence limits…": a number in a side note,
 * a supposed case or an exercise is a detail of an example, not a fact the text is about.
 */
const ASIDE = /^(?:note that|as an exercise)\b|\bwould\b/i;

/**
 * A date, or a number that counts or measures something the sentence names ("128 ASCII symbols"); not a
 * label's number, a rough one, or part of a written-together value ("350k", "6Mb", the "1" of "1.1
 * million"); nor a year that names a thing ("the 1991 release of S") or stands in brackets ("(RFC 959
 * was issued in 1985!)"). Judged on the read parts, rough and written-together numbers were kept 0
 * times in 3, years naming a thing or in brackets and numbers in asides 0 in 4.
 */
const RANGE_DASH = /^[–—-]$/;

function isQuantity(type: string, tokens: readonly Token[], start: number, end: number): boolean {
  const before = tokens[start - 1];
  const after = tokens[end + 1];
  if (isNumberName(tokens, start, end) || ROUGHLY.has(before?.lower ?? '')) return false;
  // "(say, 20–30 lines)": an end of a range is a rough size, not a fact to recall.
  if (RANGE_DASH.test(before?.text ?? '') || RANGE_DASH.test(after?.text ?? '')) return false;
  // "Base-2, -8, and -16 strings": the number of a compound whose first word the list left to its first item.
  if (/^-\d/.test(tokens[start]?.text ?? '') && tokens.slice(0, start).some((token) => /^\p{L}+-\d/u.test(token.text))) return false;
  if (type === 'DATE') return !insideBrackets(tokens, start) && !(before?.pos === 'DET' && after?.pos === 'NOUN');
  // "the 100 byte buffer": a size that names one thing of an example, not a quantity the text is about.
  if (before?.lower === 'the' && SIZE_UNITS.has(after?.lemma ?? '') && tokens[end + 2]?.pos === 'NOUN') return false;
  return after !== undefined && (after.pos === 'NOUN' || after.text === '%');
}
const SIZE_UNITS = new Set(['byte', 'bit', 'kilobyte', 'megabyte', 'gigabyte', 'kb', 'mb', 'gb', 'character', 'line', 'second', 'millisecond']);

function entityClozes({ analysis, pools, difficulty }: Build, sentence: Sentence): Candidate[] {
  const preference = byDifficulty(difficulty, { hard: 0.8 });
  if (preference === undefined || ASIDE.test(sentence.text)) return [];
  return sentence.entities.flatMap((entity): Candidate[] => {
    if (!QUIZ_ENTITY_TYPES.has(entity.type)) return [];
    const span = entityAnswer(sentence.tokens, entity.start, entity.end);
    // "must be a 0/1 vector": a pair of values written with a slash names a kind of thing, not a quantity.
    if (!span || span.start > entity.start || span.text.includes('/') || !isQuantity(entity.type, sentence.tokens, span.start, entity.end)) return [];
    return [
      {
        kind: 'number',
        preference,
        position: sentence.id,
        fact: `sentence:${sentence.id}`,
        question: () => {
          const kind = entityFamily(entity.type, span.text, sentence.tokens[entity.end + 1]);
          return {
            stem: `Complete the sentence: "${maskTokens(sentence.tokens, span.start, entity.end)}"`,
            answer: makeOption(span.text, { ...kind, units: new Set([sentence.unit]) }),
            pools: [{ family: kind.family, options: pools.entities.get(kind.family) ?? [] }],
            explanation: quoteExplanation(sentence.text, span.text),
            source: sentenceReference(analysis, sentence, span.text),
          };
        },
      },
    ];
  });
}

/** "V:883, I:999": Debian's popularity-contest counts (votes, installs) for a package. */
const POPCON = /^(?:V:\d+,\s*)?I:\d+$/;
/**
 * "x0016 x7f000001 x0000000000000000", "x2f746d702f736f636b00": an example's bytes in hexadecimal (socat's
 * binary specification of a socket address), data to read, no fact to ask a row by.
 */
const BYTES = /^(?:x[\da-f]{2,}(?:\s+|$))+$/i;
/** A package list's statistics, trivia beside what a package is for. */
const PACKAGE_STATISTICS = new Set(['popcon', 'size']);

/**
 * A column a question can ask about: not a package list's statistics ("popcon" V:883, I:999; "size"
 * 1030), and one its header alone names ("port" twice, for a service and for its secure twin, says of
 * neither which port is meant).
 */
function isAskable(table: Table, columnIndex: number): boolean {
  const column = table.columns[columnIndex];
  if (!column) return false;
  const header = column.header.trim().toLowerCase();
  if (PACKAGE_STATISTICS.has(header) || column.values.some((value) => POPCON.test(value.trim()) || BYTES.test(value.trim()))) return false;
  return table.columns.filter((other) => other.header.trim().toLowerCase() === header).length === 1;
}

/**
 * "description of contents", "description of the extended match rule": a column of descriptions, a
 * phrase ("list of configuration files", "match installed packages") that reads as a name in no
 * stem ("Which file has the description of contents list of…?", "What is the regex formula of match
 * installed packages?"): a question quotes it.
 */
const describes = (header: string) => /^(?:description|meaning|contents?|explanation)\b/i.test(header.trim());

function tableCandidates({ analysis, pools, difficulty }: Build, table: Table): Candidate[] {
  const keyColumn = table.columns[table.keyColumn];
  if (!keyColumn) return [];
  const category = table.columns.findIndex((column) => column.categorical);
  const keyFamily = `column:${table.id}:${table.keyColumn}`;
  return table.rows.flatMap((row, rowIndex) => {
    const key = keyColumn.values[rowIndex] ?? '';
    const group = category >= 0 ? table.columns[category]?.values[rowIndex] : undefined;
    const rowCentrality = 1 - rowIndex / Math.max(1, table.rows.length);
    const position = analysis.sentences.length + table.id * 100_000 + rowIndex * 100;
    return table.columns.flatMap((column, columnIndex): Candidate[] => {
      const value = column.values[rowIndex]?.trim() ?? '';
      if (columnIndex === table.keyColumn || !value || !key || !isAskable(table, columnIndex)) return [];
      const header = lowerFirstUnlessAcronym(column.header);
      const family = `column:${table.id}:${columnIndex}`;
      const fact = `cell:${table.id}:${rowIndex}:${columnIndex}`;
      const shared = () => ({
        explanation: `In "${table.title}", ${key} has ${header} ${value} (${excerpt(row.line, value, 160)}).`,
        source: sourceReference(analysis, table.unit, table.title, row.line, value),
      });
      const candidates: Candidate[] = [];
      const forward = column.numeric
        ? byDifficulty(difficulty, { medium: 0.5, hard: 0.9 })
        : byDifficulty(difficulty, { easy: 0.8 + 0.2 * rowCentrality, medium: 0.6, hard: 0.5 });
      if (forward !== undefined) {
        candidates.push({
          kind: 'cell',
          preference: forward,
          position: position + columnIndex,
          fact,
          question: () => ({
            stem: describes(keyColumn.header) ? `What is the ${header} for "${key}"?` : `What is the ${header} of ${key}?`,
            answer: makeOption(value, { family, value: column.numbers[rowIndex], group, units: new Set([table.unit]) }),
            pools: [{ family, options: pools.columns.get(`${table.id}:${columnIndex}`) ?? [] }],
            ...shared(),
          }),
        });
      }
      const reverse = byDifficulty(difficulty, { easy: 0.7 + 0.2 * rowCentrality, medium: 0.6, hard: 0.6 });
      if (column.unique && !column.numeric && reverse !== undefined) {
        candidates.push({
          kind: 'row',
          preference: reverse,
          position: position + 50 + columnIndex,
          fact,
          question: () => ({
            stem: describes(column.header)
              ? `Which ${lowerFirstUnlessAcronym(keyColumn.header)} is described as "${value}"?`
              : `Which ${lowerFirstUnlessAcronym(keyColumn.header)} has the ${header} ${value}?`,
            answer: makeOption(key, { family: keyFamily, group, units: new Set([table.unit]) }),
            pools: [{ family: keyFamily, options: pools.columns.get(`${table.id}:${table.keyColumn}`) ?? [] }],
            ...shared(),
          }),
        });
      }
      return candidates;
    });
  });
}

export function quizCandidates(analysis: Analysis, pools: QuizPools, difficulty: Difficulty): Candidate[] {
  const titleWords = new Set(
    (analysis.title ?? '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}-]+/u)
      .filter(Boolean),
  );
  if (analysis.subject) titleWords.add(analysis.subject);
  const build: Build = { analysis, pools, difficulty, titleWords, pairs: wordPairs(analysis) };
  const fromSentences = analysis.sentences.flatMap((sentence) =>
    isStatement(sentence) && sentence.words >= MIN_CLOZE_WORDS && standsAlone(sentence) && !isListFragment(analysis, sentence)
      ? [...purposeQuestions(build, sentence), ...termClozes(build, sentence), ...entityClozes(build, sentence)]
      : [],
  );
  return [
    ...analysis.definitions.flatMap((definition) => definitionCandidates(build, definition)),
    ...fromSentences,
    ...statementQuestions(build),
    ...entryQuestions(build),
    ...programQuestions(build),
    ...analysis.tables.flatMap((table) => tableCandidates(build, table)),
  ];
}
