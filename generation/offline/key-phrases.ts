import { comparisonKey, comparisonTokens } from '../quality.ts';
import { isNameWord, RARE_ZIPF, UNSEEN_ZIPF, zipf } from './commonness.ts';
import { isBoxLabel, isEverydayCapitals } from './headings.ts';
import { listSiblings } from './list-siblings.ts';
import type { Entity, Token } from './nlp.ts';
import { joinTokens } from './nlp.ts';

// Key phrases: noun phrases chunked from POS tags, grouped by lemma, scored TF-IDF-like across the
// outline entries (a phrase frequent overall but not spread evenly over everything scores highest),
// boosted when it appears in a heading or title or when the document defines it.

export type Span = { start: number; end: number };

export type PhraseSentence = { id: number; unit: number; tokens: Token[]; entities: Entity[] };

export type Phrase = {
  key: string;
  display: string;
  tokenCount: number;
  proper: boolean;
  /** The display form is plural ("leaves"), which matters when it fills a blank in a sentence. */
  plural: boolean;
  lemmas: string[];
  count: number;
  units: Map<number, number>;
  sentenceIds: number[];
  score: number;
  /** 1 for the most central phrase of the document, 0 for the least. */
  centrality: number;
  /** Ranked: neither too generic ("process") nor a likely tagging slip. */
  keyPhrase: boolean;
  /** What the document defines it as a kind of, transitively (./kinds.ts): "object" for "R list". */
  kinds?: ReadonlySet<string>;
  /** The other names the text gives it (./synonyms.ts), as comparison keys: "short description" for "package synopsis". */
  synonyms?: ReadonlySet<string>;
  /** A single word that names a thing ("PPTP", "GNOME", "ifupdown"), not a common noun. */
  name: boolean;
  /** What it names, however written: the program's name for "sudo", "sudo command" and "sudo program"; else the key. */
  concept: string;
  /** Seen as a piece of an address or a file name ("js module" of "the Punycode.js module"): no phrase of its own. */
  piece: boolean;
};

export type PhraseIndex = {
  /** Non-generic phrases, most central first. */
  ranked: Phrase[];
  byKey: Map<string, Phrase>;
  /** Phrase occurrences of each sentence, by sentence id. */
  inSentence: Map<number, Array<Span & { key: string }>>;
  /** Phrases the text lists side by side ("timeshift, fsarchiver, duplicity, or even dd"): things of one kind. */
  siblings: Map<string, Set<string>>;
};

const PHRASE_TAGS = new Set(['NOUN', 'PROPN', 'ADJ']);
const HEAD_TAGS = new Set(['NOUN', 'PROPN']);
const NUMERIC_ENTITIES = new Set(['DATE', 'TIME', 'DURATION', 'CARDINAL', 'ORDINAL', 'PERCENT', 'MONEY', 'MEASURE']);
const MAX_PHRASE_WORDS = 5;

/** Modifiers that make a phrase vaguer, not more specific ("several enzymes" is "enzymes"). */
const VAGUE_MODIFIERS = new Set([
  'many',
  'several',
  'other',
  'various',
  'different',
  'certain',
  'such',
  'same',
  'own',
  'main',
  'important',
  'major',
  'key',
  'particular',
  'specific',
  'whole',
  'entire',
  'similar',
  'further',
  'additional',
  'few',
  'more',
  'most',
  'much',
  'less',
  'least',
  'each',
  'every',
  'any',
  'some',
  'both',
  'all',
  'possible',
  'overall',
  'new',
  'next',
  'previous',
  'following',
  'above',
  'below',
  'first',
  'second',
  'third',
  'last',
  'final',
  'large',
  'small',
  'equivalent',
  'special',
  'common',
  'typical',
  'usual',
  'general',
  'simple',
  'big',
  'good',
  'bad',
]);

/**
 * "Sidebar COMMUNITY Bruce Perens": the label of a box beside the text, an everyday word in capitals before
 * a name; "sidebar TOOLS dpkg" (from "see sidebar TOOLS dpkg, APT and ar"): a reference to one.
 */
function isCalloutLabel(display: string): boolean {
  return (
    /^sidebar\s/i.test(display) ||
    isEverydayCapitals(/\b(\p{Lu}{4,})\s+\p{Lu}\p{Ll}/u.exec(display)?.[1]) ||
    display.split(/\s+/).some((word, index, words) => index < words.length - 1 && isBoxLabel(word))
  );
}

/**
 * "Randal L. Schwartz", "Andrew Kuchling": a person named in passing (an author, a credit) is no
 * concept to ask about, nor a wrong option beside one. Told by a middle initial, or by an everyday
 * first name before a surname English never uses.
 */
function isPersonName(display: string): boolean {
  const words = display.split(/\s+/);
  if (words.length < 2 || words.length > 3 || !words.every((word) => /^\p{Lu}[\p{Ll}.]/u.test(word))) return false;
  if (words.length === 3 && /^\p{Lu}\.$/u.test(words[1] ?? '')) return true;
  return zipf((words[0] ?? '').toLowerCase()) >= GIVEN_NAME_ZIPF && zipf((words.at(-1) ?? '').toLowerCase()) <= UNSEEN_ZIPF;
}
const GIVEN_NAME_ZIPF = 3.5;

/** "Installing Python Modules guide", "Debian Reference manual": the name of another text, not a concept of this one. */
const DOCUMENT_HEADS = new Set([
  'guide',
  'manual',
  'handbook',
  'tutorial',
  'documentation',
  'chapter',
  'section',
  'page',
  'howto',
  'note',
  'slide',
  'sidebar',
  'appendix',
  'footnote',
]);

const REPEATED_COMPOUND = 3;

/** Single nouns too general to test or to card ("process", "type"). */
const GENERIC_NOUNS = new Set([
  'way',
  'type',
  'kind',
  'part',
  'form',
  'example',
  'number',
  'use',
  'result',
  'level',
  'amount',
  'time',
  'thing',
  'area',
  'factor',
  'role',
  'group',
  'term',
  'order',
  'case',
  'fact',
  'idea',
  'point',
  'lot',
  'set',
  'side',
  'end',
  'step',
  'stage',
  'aspect',
  'feature',
  'variety',
  'range',
  'series',
  'source',
  'effect',
  'change',
  'method',
  'process',
  'instance',
  'item',
  'element',
  'unit',
  'section',
  'chapter',
  'page',
  'figure',
  'table',
  'slide',
  'note',
  'summary',
  'question',
  'answer',
  'reason',
  'means',
  'place',
  'people',
  'person',
  'year',
  'day',
  'today',
  'word',
  'name',
  'list',
  'total',
  'percent',
  'million',
  'billion',
  'thousand',
  'lot',
  'others',
  'one',
  'ones',
  'someone',
  'something',
  'everything',
  'study',
  'work',
  'system',
  'problem',
  'issue',
  'result',
  'value',
  'rate',
  'period',
  'century',
  'decade',
  'month',
  'week',
  // Words about a text or a language rather than of its subject ("using a syntax similar to…").
  'syntax',
  'semantics',
  'notation',
  'mechanism',
  'convention',
  'detail',
  'details',
  'extension',
  'implementation',
  'variant',
  'approach',
  'technique',
  'purpose',
  'behaviour',
  'behavior',
  'functionality',
  'synonym',
  'abbreviation',
  'acronym',
  'nickname',
  'alias',
  // Said alone, a blank anybody fills in any sentence of a technical text ("the _____ returned", "any _____ for all interfaces").
  'datum',
  'usage',
  'configuration',
]);

function isWordToken(token: Token): boolean {
  return /\p{L}/u.test(token.text);
}

function isHyphenJoin(tokens: readonly Token[], index: number): boolean {
  const hyphen = tokens[index];
  const next = tokens[index + 1];
  return hyphen !== undefined && next !== undefined && hyphen.text === '-' && hyphen.space === '' && next.space === '' && isWordToken(next);
}

function isCapitalised(token: Token | undefined): boolean {
  return token !== undefined && /^\p{Lu}/u.test(token.text);
}

/** Tokens inside numbers and dates, which are not key phrases ("First Estate" is a name, though). */
function numericEntityMask(tokens: readonly Token[], entities: readonly Entity[]): boolean[] {
  const mask = tokens.map(() => false);
  for (const entity of entities) {
    if (!NUMERIC_ENTITIES.has(entity.type)) continue;
    if (entity.type === 'ORDINAL' && isCapitalised(tokens[entity.start]) && isCapitalised(tokens[entity.end + 1])) continue;
    for (let index = entity.start; index <= entity.end; index += 1) mask[index] = true;
  }
  return mask;
}

/** Leading words that add nothing ("the", "several"), unless they are part of a name ("First Estate"). */
function isDroppableLead(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  if (!token) return false;
  if (token.text === '-') return true;
  const partOfName = PHRASE_TAGS.has(token.pos) && isCapitalised(token) && isCapitalised(tokens[index + 1]);
  return !partOfName && (token.stop || VAGUE_MODIFIERS.has(token.lower));
}

/** Determiners: no noun is followed by one, so the word before one is a verb ("…index lists the…"). */
export const DETERMINER_AFTER_VERB: ReadonlySet<string> = new Set(['the', 'a', 'an', 'its', 'their', 'each', 'every', 'all', 'these', 'those', 'some', 'any']);

/** "to", a modal or a subject pronoun: the word after it is a verb ("to access DNS information", "modules can form cycles"). */
const BEFORE_A_VERB: ReadonlySet<string> = new Set(['can', 'could', 'will', 'would', 'should', 'must', 'may', 'might', 'shall', 'i', 'we', 'you', 'they']);
const precedesAVerb = (token: Token | undefined) =>
  token !== undefined && ((token.lower === 'to' && token.pos === 'PART') || (BEFORE_A_VERB.has(token.lower) && (token.pos === 'AUX' || token.pos === 'PRON')));

/**
 * A number's unit opening the phrase after it ("32 bit applications", "5 minute intervals"; "third party
 * companies", the idiom): a count of more than one would take a plural ("two icon elements"), so a
 * singular noun after digits other than 1 is the number's unit, not the phrase's.
 */
const countsUnit = (tokens: readonly Token[], start: number) => {
  const before = tokens[start - 1];
  const unit = tokens[start];
  if (!before || unit?.pos !== 'NOUN' || unit.lower !== unit.lemma) return false;
  return (/^\d+$/.test(before.text) && before.text !== '1') || (before.lower === 'third' && unit.lower === 'party');
};

const SUBORDINATORS: ReadonlySet<string> = new Set(['when', 'whenever', 'if', 'unless', 'until', 'once', 'because', 'while']);

function trimSpan(tokens: readonly Token[], span: Span): Span | undefined {
  let { start, end } = span;
  // "…to share data", "…you output results": the first word is the verb the tagger read as a noun.
  if (start < end && precedesAVerb(tokens[start - 1])) start += 1;
  while (start <= end && isDroppableLead(tokens, start)) start += 1;
  // "32 bit applications", "third party companies": the unit belongs with its number, not with the phrase
  // ("Bit applications" and "Party companies" name nothing).
  if (start < end && countsUnit(tokens, start)) start += 1;
  // "…from the command interpreter thanks to redirection": "thanks to" is a preposition, not the head.
  if (end > start && tokens[end]?.lower === 'thanks' && tokens[end + 1]?.lower === 'to') end -= 1;
  // "Recursion stops when both sides differ": a sentence's subject and its verb, which the tagger read as
  // a plural noun; a subordinator right after it shows the clause.
  if (start === 0 && end > start && /\p{Ll}s$/u.test(tokens[end]?.text ?? '') && SUBORDINATORS.has(tokens[end + 1]?.lower ?? '')) end -= 1;
  while (end >= start && !HEAD_TAGS.has(tokens[end]?.pos ?? 'X')) end -= 1;
  // "The package index lists the directories…", "XML files store the configuration…": no noun is followed
  // by a determiner, so the last word before one is the verb the tagger read as a noun.
  if (end > start && DETERMINER_AFTER_VERB.has(tokens[end + 1]?.text ?? '')) end -= 1;
  // Keep at most five content words, the head included.
  let contentWords = 0;
  for (let index = end; index >= start; index -= 1) {
    const token = tokens[index];
    if (token && isWordToken(token) && !token.stop) contentWords += 1;
    if (contentWords > MAX_PHRASE_WORDS) {
      start = index + 1;
      break;
    }
  }
  while (start <= end && isDroppableLead(tokens, start)) start += 1;
  if (end < start) return undefined;
  const phrase = tokens.slice(start, end + 1);
  return joinTokens(phrase).length >= 3 && phrase.some((token) => isWordToken(token) && !token.stop) ? { start, end } : undefined;
}

/** Maximal runs of adjectives and nouns ending in a noun; "X of (the) Y" between names joins. */
export function chunkNounPhrases(tokens: readonly Token[], entities: readonly Entity[] = []): Span[] {
  const numeric = numericEntityMask(tokens, entities);
  const inPhrase = (index: number) => {
    const token = tokens[index];
    return token !== undefined && !numeric[index] && PHRASE_TAGS.has(token.pos) && isWordToken(token) && !token.text.includes("'");
  };
  const runs: Span[] = [];
  let index = 0;
  while (index < tokens.length) {
    if (!inPhrase(index)) {
      index += 1;
      continue;
    }
    const start = index;
    while (index + 1 < tokens.length && (inPhrase(index + 1) || (isHyphenJoin(tokens, index + 1) && inPhrase(index + 2)))) {
      index += isHyphenJoin(tokens, index + 1) ? 2 : 1;
    }
    runs.push({ start, end: index });
    index += 1;
  }
  const joined: Span[] = [];
  for (const run of runs) {
    const previous = joined.at(-1);
    if (previous && isCapitalised(tokens[previous.end]) && isCapitalised(tokens[run.start])) {
      const between = tokens
        .slice(previous.end + 1, run.start)
        .map((token) => token.lower)
        .join(' ');
      if (between === 'of' || between === 'of the') {
        previous.end = run.end;
        continue;
      }
    }
    joined.push({ ...run });
  }
  // Half of a hyphenated compound the tags split ("high start" of "high start-up") is not a phrase.
  const attachedHyphen = (index: number) => tokens[index]?.text === '-' && (tokens[index]?.space === '' || tokens[index + 1]?.space === '');
  return joined
    .map((span) => trimSpan(tokens, span))
    .filter((span): span is Span => span !== undefined && !attachedHyphen(span.start - 1) && !attachedHyphen(span.end + 1));
}

export function phraseKey(tokens: readonly Token[], span: Span): string {
  return tokens
    .slice(span.start, span.end + 1)
    .map((token) => token.lemma)
    .join(' ')
    .replace(/ - /g, '-');
}

/** Words the text writes in lower case inside sentences, and lemmas it uses as verbs. */
type Vocabulary = { lowerCase: Set<string>; verbs: Set<string>; countable: Set<string> };

function vocabulary(sentences: readonly PhraseSentence[]): Vocabulary {
  const lowerCase = new Set<string>();
  const verbs = new Set<string>();
  const countable = new Set<string>();
  for (const { tokens } of sentences) {
    tokens.forEach((token, index) => {
      if (index > 0 && token.text === token.lower && isWordToken(token)) lowerCase.add(token.lower);
      if (token.pos === 'VERB') verbs.add(token.lemma);
      const before = tokens[index - 1]?.lower;
      if (token.pos === 'NOUN' && (token.lower !== token.lemma || before === 'a' || before === 'an')) countable.add(token.lemma);
    });
  }
  return { lowerCase, verbs, countable };
}

/**
 * A word that names a thing by the word itself (./commonness.ts), unless the document counts it as a
 * common noun does ("namespaces", "a literal": technical words that everyday English never uses are
 * no names).
 */
function namesAThing(text: string, lemma: string, countable: ReadonlySet<string>): boolean {
  return isNameWord(text, lemma) && !(/^\p{Ll}/u.test(text) && countable.has(lemma));
}

/**
 * The phrase as written, and how far to trust its capitals: at the start of a sentence a capital
 * says nothing, so there a word the text elsewhere writes in lower case (or a common noun) is
 * lowered unless a later word is capitalised too ("First Estate"), and such spellings only count when the phrase never appears inside a sentence.
 */
function displayForm(tokens: readonly Token[], span: Span, lowerCase: ReadonlySet<string>): { form: string; weight: number } {
  const text = joinTokens(tokens.slice(span.start, span.end + 1));
  const first = tokens[span.start];
  if (span.start > 0 || !first) return { form: text, weight: 1 };
  const acronym = /^\p{Lu}{2,}/u.test(first.text);
  const restCapitalised = tokens.slice(span.start + 1, span.end + 1).some((token) => isCapitalised(token));
  const common = !acronym && !restCapitalised && (lowerCase.has(first.lower) || first.pos === 'NOUN');
  return { form: common ? text.charAt(0).toLowerCase() + text.slice(1) : text, weight: 0.01 };
}

/** "https", "www": the scheme or host of a link the text prints, no concept of it. */
const LINK_PARTS = /^(?:https?|ftp|www|html?|com|org)$/i;

/** A name from code ("BaseClassName", "kwds", "string2", "__init__") rather than a word of the prose. */
function isIdentifier(display: string, count: number): boolean {
  if (isKeyBinding(display) || LINK_PARTS.test(display) || HEX_ID.test(display)) return true;
  if (/\s/.test(display)) return false;
  if (/\p{Ll}\p{Lu}|_|\d/u.test(display)) return true;
  // A lower-case word English never uses is a term the text keeps using ("namespace", "tuple") or a
  // name from its examples ("funcname", "kwds").
  return /^\p{Ll}+$/u.test(display) && zipf(display) <= UNSEEN_ZIPF && (display.length <= 4 || count < MIN_UNSEEN_TERM_MENTIONS);
}
const MIN_UNSEEN_TERM_MENTIONS = 3;
/** "UUID dc9010dd-f8b8-4ac5-a510-c1a114ec7d29", "commit 3f2a9c1e": a value printed in an example, however it is labelled. */
const HEX_ID = /\b(?=[0-9a-f-]*\d)[0-9a-f]{7,}(?:-[0-9a-f]{4,})*\b/i;
const EMACS_KEY = /^(?:(?:[CMS]-)+\S+|RET|DEL|ESC|TAB|SPC)$/;
const MODIFIED_KEY =
  /^(?:(?:ctrl|control|alt|meta|shift|cmd)[+-])+(?:\S|f\d{1,2}|space|enter|tab|esc|escape|backspace|delete|home|end|up|down|left|right)$|^(?:tab|enter|escape|backspace)$/i;
/** "C-y", "M-b", "RET", "Ctrl+C", "Tab": a key of an editor's or a shell's command line, reference material rather than a term. */
export const isKeyBinding = (text: string) => EMACS_KEY.test(text) || MODIFIED_KEY.test(text);
/** "little bit", "basic familiarity", "different ways": a quantity, a judgement or a vague kind, whatever noun follows. */
const VAGUE_LEADS = new Set([
  'little',
  'lot',
  'few',
  'several',
  'various',
  'certain',
  'same',
  'whole',
  'such',
  'own',
  'main',
  'notable',
  'particular',
  'specific',
  'general',
  'entire',
  'basic',
  'extra',
  'additional',
  'overall',
  'actual',
  'proper',
  'appropriate',
  'usual',
  'typical',
  'good',
  'better',
  'best',
  'different',
  'important',
  'correct',
  'possible',
  'further',
  'valid',
  'invalid',
  'reasonable',
  'numerous',
  'surprising',
  'confusing',
  'given',
  'specified',
  'corresponding',
  'fancy',
  'complete',
  'unexpected',
  'newer',
  'excessive',
  'neat',
  'nice',
  'simplest',
  'easiest',
  'latest',
  'newest',
  'greater',
  'mere',
  'significant',
  'interesting',
  'minor',
  'subsequent',
  'unsurprisingly',
  'slight',
  'obvious',
  'huge',
  'tiny',
  // "example addon", "example script": the one a text shows, no kind of thing of its own.
  'example',
  // "the original API", "original contents": the one before a change, no kind of thing either.
  'original',
  // "an existing header", "the matching header", "an alternative header": a parameter's role in a call, no kind
  // of thing of its own.
  'existing',
  'matching',
  'alternative',
  // Lemmas of "easiest", "greater": a phrase's key is made of lemmas.
  'easy',
  'great',
]);

/** Right after an opening straight quote: `"unicode rocks!"` in prose is a string of code, quoted. */
function isStraightQuoted(tokens: readonly Token[], span: Span): boolean {
  const before = tokens[span.start - 1];
  return before !== undefined && (before.text === '"' || before.text === "'") && tokens[span.start]?.space === '';
}

/** Whether the span is joined by one of `joiners` to the tokens on either side, without a space. */
function isJoined(tokens: readonly Token[], span: Span, joiners: RegExp): boolean {
  const before = tokens[span.start - 1];
  const after = tokens[span.end + 1];
  const joins = (token: Token | undefined) => token !== undefined && joiners.test(token.text);
  return (tokens[span.start]?.space === '' && joins(before)) || (after?.space === '' && joins(after) && tokens[span.end + 2]?.space === '');
}
/** A piece of an address, a file name or a path ("org" of "debian.org", "xz" of "Packages.xz"). */
const isGlued = (tokens: readonly Token[], span: Span) => isJoined(tokens, span, /^[./@:]$/);
/**
 * "INITIALIZER" of the macro NODE_MODULE_INITIALIZER, "RUNTIME" of ZLIB_RUNTIME_VERSION: a piece of a
 * name of code, which is no phrase where the text mostly writes it so ("TCP" beside TCP_NODELAY still is).
 */
const isInCodeName = (tokens: readonly Token[], span: Span) => isJoined(tokens, span, /^_$/);

/**
 * A word the examples' code uses and the prose seldom does ("spam", "hovercraft", "gallahad"), a thing
 * lettered as an example names it ("application B", "package X"), or words run into a link: no concept.
 */
function isExampleName(tally: Tally, codeWords: ReadonlySet<string>): boolean {
  return (
    tally.lemmas.some((lemma) => PLACEHOLDER_NAMES.has(lemma)) ||
    [...tally.forms.keys()].every((form) => URL_SCHEME_END.test(form)) ||
    (tally.tokenCount === 1 && tally.count < MIN_UNSEEN_TERM_MENTIONS && codeWords.has(tally.key)) ||
    (tally.tokenCount > 1 && [...tally.forms.keys()].every((form) => EXAMPLE_LETTER.test(form)))
  );
}

/** "application A", "package X": a common noun lettered like a variable of an example. */
const EXAMPLE_LETTER = /^\p{L}[\p{Ll}-]*\s[A-DXYZ]$/u;

/** "libmagic https" of "libmagic https://github.com/file/file": a link's scheme, in its lower case, read with the word before it ("HTTP server" is a concept). */
const URL_SCHEME_END = /\s(?:https?|ftp)$/;

/** The names examples are written with ("spam", "eggs", "foo"): however often they come back, they name nothing of the subject. */
const PLACEHOLDER_NAMES = new Set(['spam', 'eggs', 'ham', 'eels', 'foo', 'bar', 'baz', 'qux', 'quux', 'foobar', 'alice', 'bob', 'xyzzy']);

const EVERYDAY_VERBS = new Set(['use', 'make', 'get', 'see', 'let', 'report']);

/** Words that introduce a term rather than belong to it ("the term method", "the name spam"). */
const INTRODUCING = new Set(['term', 'word', 'name', 'notion', 'concept']);

/**
 * "users work", "programs document", "cases call", said once: a plural noun before another word is a
 * subject and its verb the tagger ran together, as English compounds take their modifier in the
 * singular ("user account"). Not a name ("Windows registry"), a word whose plural is the modifier
 * ("graphics device", "bytes object", "least squares fit"), or a plural naming a module or a type
 * ("numbers module", "secrets module", "annotations dict").
 */
function hasPluralModifier(display: string, lemmas: readonly string[], count: number): boolean {
  const words = display.split(' ');
  if (count > 1 || words.length !== lemmas.length) return false;
  return words.slice(0, -1).some((word, index) => {
    const lemma = lemmas[index] ?? '';
    const lower = word.toLowerCase();
    const regular = lower === `${lemma}s` || lower === `${lemma}es` || (lemma.endsWith('y') && lower === `${lemma.slice(0, -1)}ies`);
    return regular && !/^\p{Lu}/u.test(word) && !PLURAL_MODIFIERS.has(lower) && !NAMED_KINDS.has(lemmas[index + 1] ?? '');
  });
}
const PLURAL_MODIFIERS = new Set([
  'graphics',
  'bytes',
  'statistics',
  'curses',
  'rights',
  'services',
  'sales',
  'news',
  'squares',
  'cons',
  'goods',
  'savings',
  'systems',
  'arms',
  'sports',
]);
const NAMED_KINDS = new Set(['module', 'package', 'library', 'type', 'object', 'literal', 'api', 'dict', 'array', 'list', 'class']);

/**
 * A compound whose first or last word the text uses as a verb is likely a verb the tagger took for a
 * noun ("use docstrings", "function definitions bind"); one led by "term" or "name" is the phrase that
 * introduced a term, not the term.
 */
function isTaggingSlip(lemmas: readonly string[], count: number, verbs: ReadonlySet<string>): boolean {
  if (lemmas.length < 2) return false;
  // A compound the text repeats is one ("raise statement", "try clause"), whatever else "raise" is.
  // "use docstrings", "make sure": an everyday verb and its object, however often the text says it.
  const verbFirst = (count < 2 && verbs.has(lemmas[0] ?? '')) || EVERYDAY_VERBS.has(lemmas[0] ?? '');
  return verbFirst || verbs.has(lemmas.at(-1) ?? '') || INTRODUCING.has(lemmas[0] ?? '');
}

/**
 * A head word rare in everyday English ("namespace", "locale"), or a less rare one the document keeps
 * using ("scope", "inheritance"); the commonest words ("file", "line", "data") never are by themselves.
 */
function isSpecialised(head: string, count: number, repeats: number): boolean {
  const frequency = zipf(head);
  return frequency < RARE_ZIPF || (frequency < UNCOMMON_ZIPF && count >= repeats);
}
const UNCOMMON_ZIPF = 4.0;
/** In a short text every concept may come up once; in a longer one a concept comes back. */
export const LONG_TEXT_SENTENCES = 60;

const MIN_SINGLE_WORD_MENTIONS = 3;

/**
 * A single word is a concept to ask for, or to offer as a wrong option, when the document defines it,
 * names it (a proper noun or an acronym) or keeps coming back to it; an everyday word, or a word used
 * once or twice in a long text, is a vague word ("variant", "inclusion", "syntax").
 */
export function isVagueWord(phrase: Phrase, context: { defined: boolean; sentences: number }): boolean {
  if (phrase.tokenCount > 1 || context.defined) return false;
  // In a short text every concept may come up once.
  const mentions = context.sentences >= LONG_TEXT_SENTENCES ? MIN_SINGLE_WORD_MENTIONS : 1;
  return zipf(phrase.key) >= RARE_ZIPF || (!phrase.proper && phrase.count < mentions);
}

/** "actual value", "simplest such structure": a phrase led by a vague word, or pointing elsewhere with "such", names no concept. */
export function hasVagueLead(key: string): boolean {
  const words = key.split(' ');
  return VAGUE_LEADS.has(words[0] ?? '') || words.includes('such') || optionalWord(words);
}

/** "optional header": a parameter's role before an English word; "Optional splitchars" names the parameter itself. */
const optionalWord = ([first, second, ...rest]: readonly string[]) =>
  first === 'optional' && second !== undefined && rest.length === 0 && zipf(second) > UNSEEN_ZIPF;

const SPECIFIC_KINDS = 2;
/** Compounds a name opens for it to be the text's setting rather than a concept of it. */
const SETTING_COMPOUNDS = 3;
type WordRoles = { heads: Map<string, number>; modifiers: Map<string, number> };
const wordRoles = new WeakMap<PhraseIndex, WordRoles>();

/** How many of the document's compounds each word ends (is the head of) and opens (modifies). */
function rolesOf(index: PhraseIndex): WordRoles {
  let roles = wordRoles.get(index);
  if (!roles) {
    roles = { heads: new Map(), modifiers: new Map() };
    for (const other of index.ranked) {
      const words = other.key.split(' ');
      if (words.length < 2) continue;
      const [first = '', last = ''] = [words[0], words.at(-1)];
      roles.heads.set(last, (roles.heads.get(last) ?? 0) + 1);
      roles.modifiers.set(first, (roles.modifiers.get(first) ?? 0) + 1);
    }
    wordRoles.set(index, roles);
  }
  return roles;
}

/**
 * "Variables" in a chapter about local and global variables, "Parameters" beside graphics and formal
 * parameters: a single word the document uses as the head of several more specific terms is their
 * genus, too general to stand as a node beside them.
 */
export function isGeneralHead(index: PhraseIndex, phrase: Phrase): boolean {
  return phrase.tokenCount === 1 && (rolesOf(index).heads.get(phrase.key) ?? 0) >= SPECIFIC_KINDS;
}

/**
 * "Debian" on a page of the Debian handbook that speaks of Debian packages, the Debian system, Debian
 * Bullseye and the Debian project: a name that opens many of the document's compounds is where the text
 * stands, the setting of its concepts, not one of them.
 */
export function isSetting(index: PhraseIndex, phrase: Phrase): boolean {
  return phrase.tokenCount === 1 && (rolesOf(index).modifiers.get(phrase.key) ?? 0) >= SETTING_COMPOUNDS;
}

export function isGenericPhrase(key: string): boolean {
  return !key.includes(' ') && GENERIC_NOUNS.has(key);
}

type Tally = {
  key: string;
  forms: Map<string, number>;
  tokenCount: number;
  lemmas: string[];
  count: number;
  units: Map<number, number>;
  sentenceIds: number[];
  /** Seen as a piece of an address or a file name at least once. */
  glued: boolean;
  /** How many times it is seen as a piece of a name of code (`isInCodeName`). */
  inCodeNames: number;
  /** Led by an adjective ("varying level", "surprising effect"): seen once with an everyday head, it is a description, not a term. */
  adjectiveLead: boolean;
  /**
   * "case dpkg" ("In each case dpkg will pass…"), "kernel queries AppArmor": a lower-case noun and then
   * a name, seen at least once, is the end of one phrase and the subject of the next clause run together,
   * not a compound (a compound puts the name first: "dpkg database").
   */
  runTogether: boolean;
  /** Occurrences inside straight quotes ("unicode rocks!", 'spam'): a string literal of an example, not a term. */
  quoted: number;
};

/** Head nouns that name a program or a flag by its name: "the setuid bit", "the umask command", "the tcpd program". */
const TOOL_HEADS = new Set(['command', 'program', 'utility', 'tool', 'daemon', 'bit']);

/**
 * A word that can be a program's name: one English never uses ("groupmod", "rsync"), or a rare one the
 * document's console lines use too ("ps"); "niche program" names no program.
 */
const isToolName = (name: string, codeWords: ReadonlySet<string>) => zipf(name) <= UNSEEN_ZIPF || (zipf(name) < RARE_ZIPF && codeWords.has(name));

/**
 * "groupmod command", "tcpd program": a program a manual names, a concept of it however seldom named;
 * written in lower case, as programs are run ("Debian tool", "Microsoft program" name no program).
 */
function isNamedTool(tally: Tally, codeWords: ReadonlySet<string>): boolean {
  const [name, head] = tally.lemmas;
  return (
    tally.lemmas.length === 2 &&
    name !== undefined &&
    head !== undefined &&
    TOOL_HEADS.has(head) &&
    isToolName(name, codeWords) &&
    /^\p{Ll}/u.test(bestForm(tally.forms))
  );
}

/**
 * "setuid" said twice and "the setuid bit" twice more, "umask" and "the umask command": a program's
 * name names the same thing with or without the head noun that says what it is, so the mentions of
 * either count for both (a word said once or twice is otherwise taken for a name from the examples,
 * and a compound said once for no term of the text).
 */
function namedAsTool(tally: Tally, tallies: ReadonlyMap<string, Tally>, codeWords: ReadonlySet<string>): number {
  const [name = ''] = tally.lemmas;
  if (tally.tokenCount === 1) return toolCompounds(name, tallies, codeWords).reduce((sum, compound) => sum + compound.count, 0);
  return isNamedTool(tally, codeWords) ? (tallies.get(name)?.count ?? 0) : 0;
}

/** "sudo command", "sudo program": the compounds naming a program `name`. */
const toolCompounds = (name: string, tallies: ReadonlyMap<string, Tally>, codeWords: ReadonlySet<string>) =>
  [...TOOL_HEADS].flatMap((tool) => tallies.get(`${name} ${tool}`) ?? []).filter((compound) => isNamedTool(compound, codeWords));

/** The program a phrase names, when it names one with or without its head noun. */
function toolConcept(tally: Tally, tallies: ReadonlyMap<string, Tally>, codeWords: ReadonlySet<string>): string {
  const [name = ''] = tally.lemmas;
  const named = isNamedTool(tally, codeWords) || (tally.tokenCount === 1 && toolCompounds(name, tallies, codeWords).length > 0);
  return named ? name : tally.key;
}

const ACRONYM = /^\p{Lu}{2,6}$/u;
/**
 * "Filesystem Hierarchy Standard" and "FHS", "Domain Name System" and "DNS": a name and the initials the
 * text also writes it with are one concept, not two nodes of a map or two options of a question.
 */
function joinAbbreviations(phrases: readonly Phrase[]): void {
  const acronyms = new Map(phrases.filter((phrase) => ACRONYM.test(phrase.display)).map((phrase) => [phrase.display.toLowerCase(), phrase]));
  for (const phrase of phrases) {
    const words = phrase.display.split(/[\s-]+/);
    if (words.length < 2) continue;
    const acronym = acronyms.get(
      words
        .map((word) => word[0] ?? '')
        .join('')
        .toLowerCase(),
    );
    if (acronym) phrase.concept = acronym.concept;
  }
}

function bestForm(forms: Map<string, number>): string {
  let best = '';
  let bestWeight = -1;
  for (const [form, weight] of forms) if (weight > bestWeight) [best, bestWeight] = [form, weight];
  return best;
}

const MAX_RUN_WORDS = 8;

/** Every run of consecutive comparison words in the titles, so "is this phrase in a title" is one lookup. */
function wordRuns(titles: readonly string[]): Set<string> {
  const runs = new Set<string>();
  for (const title of titles) {
    const words = comparisonTokens(title);
    for (let start = 0; start < words.length; start += 1) {
      for (let end = start + 1; end <= Math.min(words.length, start + MAX_RUN_WORDS); end += 1) runs.add(words.slice(start, end).join(' '));
    }
  }
  return runs;
}

/** `codeWords`: the words of the document's code and console output, where its examples' names live. */
export type PhraseContext = { unitCount: number; titles: readonly string[]; definedKeys: ReadonlySet<string>; codeWords: ReadonlySet<string> };

const TITLE_BOOST = 1.6;
const DEFINED_BOOST = 1.8;
const MULTIWORD_BOOST = 1.3;

export function indexPhrases(sentences: readonly PhraseSentence[], context: PhraseContext): PhraseIndex {
  const tallies = new Map<string, Tally>();
  const inSentence = new Map<number, Array<Span & { key: string }>>();
  const { lowerCase, verbs, countable } = vocabulary(sentences);
  const siblings = new Map<string, Set<string>>();
  for (const sentence of sentences) {
    const spans = chunkNounPhrases(sentence.tokens, sentence.entities).map((span) => ({ ...span, key: phraseKey(sentence.tokens, span) }));
    inSentence.set(sentence.id, spans);
    listSiblings(sentence.tokens, spans, siblings);
    for (const span of spans) {
      let tally = tallies.get(span.key);
      if (!tally) {
        tally = {
          key: span.key,
          forms: new Map(),
          tokenCount: span.key.split(' ').length,
          lemmas: span.key.split(/[\s-]+/),
          count: 0,
          units: new Map(),
          sentenceIds: [],
          glued: false,
          inCodeNames: 0,
          adjectiveLead: false,
          runTogether: false,
          quoted: 0,
        };
        tallies.set(span.key, tally);
      }
      const { form, weight } = displayForm(sentence.tokens, span, lowerCase);
      tally.forms.set(form, (tally.forms.get(form) ?? 0) + weight);
      tally.count += 1;
      if (isGlued(sentence.tokens, span)) tally.glued = true;
      if (isInCodeName(sentence.tokens, span)) tally.inCodeNames += 1;
      if (span.end > span.start && sentence.tokens[span.start]?.pos === 'ADJ') tally.adjectiveLead = true;
      if (isStraightQuoted(sentence.tokens, span)) tally.quoted += 1;
      const [before, last] = [sentence.tokens[span.end - 1], sentence.tokens[span.end]];
      if (span.end > span.start && before?.pos === 'NOUN' && /^\p{Ll}/u.test(before.text) && last && namesAThing(last.text, last.lemma, countable)) {
        tally.runTogether = true;
      }
      tally.units.set(sentence.unit, (tally.units.get(sentence.unit) ?? 0) + 1);
      if (tally.sentenceIds.at(-1) !== sentence.id) tally.sentenceIds.push(sentence.id);
    }
  }

  const toolMentions = new Map([...tallies.values()].map((tally) => [tally, namedAsTool(tally, tallies, context.codeWords)]));
  for (const [tally, mentions] of toolMentions) tally.count += mentions;
  const unitCount = Math.max(1, context.unitCount);
  const repeats = sentences.length >= LONG_TEXT_SENTENCES ? 2 : 1;
  const titleRuns = wordRuns(context.titles);
  const phrases: Phrase[] = [];
  const byKey = new Map<string, Phrase>();
  for (const tally of tallies.values()) {
    const display = bestForm(tally.forms);
    const lastWord = display.split(/[\s-]+/).at(-1) ?? '';
    const spread = 1 + 0.25 * Math.log((unitCount + 1) / tally.units.size);
    const inTitle = titleRuns.has(comparisonKey(display));
    const plural = lastWord.toLowerCase() !== (tally.lemmas.at(-1) ?? '') && /s$|a$|i$|en$/i.test(lastWord);
    const score =
      Math.pow(tally.count, 0.7) *
      spread *
      (tally.tokenCount > 1 ? MULTIWORD_BOOST : 1) *
      (inTitle ? TITLE_BOOST : 1) *
      (context.definedKeys.has(tally.key) ? DEFINED_BOOST : 1);
    const piece = tally.glued || tally.inCodeNames * 2 > tally.count;
    const phrase: Phrase = {
      key: tally.key,
      display,
      tokenCount: tally.tokenCount,
      proper: /^\p{Lu}/u.test(display),
      name: tally.tokenCount === 1 && namesAThing(display, tally.key, countable),
      concept: toolConcept(tally, tallies, context.codeWords),
      piece,
      plural,
      lemmas: tally.lemmas,
      count: tally.count,
      units: tally.units,
      sentenceIds: tally.sentenceIds,
      score,
      centrality: 0,
      // A phrase seen once whose word the text also uses as a verb is likely a tagging slip ("travel");
      // one whose head is an everyday word ("file", "other characters") is no concept of this document
      // unless it defines it or repeats it as a compound ("source file").
      keyPhrase:
        !isGenericPhrase(tally.key) &&
        !(tally.count === 1 && tally.lemmas.some((lemma) => verbs.has(lemma))) &&
        !isTaggingSlip(tally.lemmas, tally.count, verbs) &&
        !isIdentifier(display, tally.count) &&
        // "returns False", "Returns cls": an entry's result read as a phrase; "buffer buffer": a word read twice.
        !(tally.tokenCount === 2 && (/^returns\s/i.test(display) || tally.lemmas[0] === tally.lemmas[1])) &&
        // "non-integer arguments like" (floats or strings): a phrase cut before its examples; "hard-" (from
        // "to hard-code a breakpoint"): a word cut at its hyphen.
        tally.lemmas.at(-1) !== 'like' &&
        !display.endsWith('-') &&
        !piece &&
        !isExampleName(tally, context.codeWords) &&
        !(tally.adjectiveLead && tally.count < 2 && zipf(tally.lemmas.at(-1) ?? '') >= RARE_ZIPF) &&
        // "standard syntax", "variable number": an adjective before a general noun, said once or twice, describes.
        !(tally.adjectiveLead && tally.count < REPEATED_COMPOUND && GENERIC_NOUNS.has(tally.lemmas.at(-1) ?? '') && !context.definedKeys.has(tally.key)) &&
        !hasVagueLead(tally.key) &&
        // "multiple encodings" is "several encodings"; "multiple inheritance" is a term.
        !(plural && tally.tokenCount > 1 && tally.lemmas[0] === 'multiple') &&
        !DOCUMENT_HEADS.has(tally.lemmas.at(-1) ?? '') &&
        !isCalloutLabel(display) &&
        !isPersonName(display) &&
        !hasPluralModifier(display, tally.lemmas, tally.count) &&
        !tally.runTogether &&
        tally.quoted < tally.count &&
        (isSpecialised(tally.lemmas.at(-1) ?? '', tally.count, repeats) ||
          context.definedKeys.has(tally.key) ||
          (tally.count >= repeats && tally.tokenCount > 1) ||
          isNamedTool(tally, context.codeWords)),
    };
    byKey.set(phrase.key, phrase);
    if (phrase.keyPhrase) phrases.push(phrase);
  }
  joinAbbreviations([...byKey.values()]);
  phrases.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  phrases.forEach((phrase, rank) => {
    phrase.centrality = phrases.length > 1 ? 1 - rank / (phrases.length - 1) : 1;
  });
  return { ranked: phrases, byKey, inSentence, siblings };
}
