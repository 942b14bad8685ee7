import type { Difficulty, SourceReference } from '../../domain/learning-content.ts';
import type { Analysis } from './analysis.ts';
import { isNameWord, RARE_ZIPF, UNSEEN_ZIPF, zipf } from './commonness.ts';
import { praises } from './definitions.ts';
import { opensWithCallout } from './headings.ts';
import type { Sentence } from './document-parts.ts';
import type { Option } from './distractors.ts';
import { DETERMINER_AFTER_VERB, isVagueWord, type Phrase, type Span } from './key-phrases.ts';
import { ARTICLES, joinTokens, readsAsVerb, type Token } from './nlp.ts';
import type { QuizPools } from './quiz-pools.ts';
import { excerpt, repeatsAWord } from './text.ts';

// What every kind of quiz question shares: the candidate a chooser ranks, the question it builds,
// and the tests of a source sentence that a question may quote or blank (it says something whole by
// itself; a blank is a whole word that starts a phrase of its own).

export type Question = {
  stem: string;
  answer: Option;
  /** Where distractors come from, tried in order; the answer counts as one of `family` there. */
  pools: ReadonlyArray<{ family: string; options: readonly Option[] }>;
  explanation: string;
  source: SourceReference;
};

export type Candidate = {
  kind: 'term' | 'meaning' | 'cloze' | 'purpose' | 'statement' | 'number' | 'cell' | 'row' | 'entry' | 'program';
  preference: number;
  /** Document order, for the order of the questions. */
  position: number;
  /** The sentence or table cell the question tests: one question per fact. */
  fact: string;
  question: () => Question;
};

export type Build = { analysis: Analysis; pools: QuizPools; difficulty: Difficulty; titleWords: ReadonlySet<string>; pairs: ReadonlySet<string> };

export const BLANK = '_____';
/** Words that point at something outside the sentence: a stem with them leans on text it does not show. */
const POINTING = new Set([
  'this',
  'these',
  'that',
  'those',
  'it',
  'they',
  'here',
  'such',
  'there',
  'then',
  'so',
  'also',
  'however',
  'thus',
  'again',
  'otherwise',
]);
/**
 * Text elsewhere ("above", "see", "the next section"), or a contrast with, a likeness to, a result or a
 * case of what came before ("however", "For similar reasons", "the volume group that is thus expanded",
 * "In the second case", "such a comment", "as already mentioned", "the necessary milter", "the attributes of
 * the same names" as the subject a question takes away, "there is an additional case", "achieves the same effect"): the stem leans on it.
 */
const ELSEWHERE =
  /\b(?:above|below|here|following|previous|preceding|example|e\.g|i\.e|see|cf|latter|former|thus)\b|\bnext (?:paragraph|section|chapter|page)\b|\byou (?:might|may|will|can) (?:notice|see|find|wonder)\b|\b(?:however|nevertheless)\b|\bin the (?:first|second|third|other) case\b|\bsuch an?\b|\bas (?:already )?mentioned\b|\b(?:similar|the same) (?:reasons?|fashion|way|manner|names?|effect|result)\b|\bthe (?:necessary|required|appropriate|relevant|corresponding|respective|aforementioned)\b|\b(?:an?|one) (?:additional|further|extra|more) (?:case|step|option|way)\b/i;
/**
 * "IRC clients are a bit more complex, and…": a comparison without what it compares with leans on the
 * text before it (more complex than the clients named there).
 */
const UNANCHORED_COMPARISON = /\b(?:a bit|a little|much|even|slightly|somewhat|far)\s+(?:more|less)\s+\w+(?![^.;]*\bthan\b)/i;
/** "this chapter", "these files", "those servers": the stem points at text it does not show. */
const DEMONSTRATIVES = new Set(['this', 'these', 'those']);
export const EARLY_TOKENS = 6;
const EARLY_PRONOUNS = new Set(['it', 'its', 'they', 'their', 'them']);
/** An opening that carries on from the sentence before ("Likewise, …", "In the same way, …", "Of course, …"). */
const CONTINUES =
  /^(?:likewise|similarly|in the same way|(?:to|on) the contrary|another|the same (?:is true|applies|holds)|in addition|additionally|moreover|furthermore|besides|instead|still|yet|but|and|or|hence|therefore|consequently|as a result|in other words|that is|as always|as usual|of course|in fact|on the other hand|in this case|in that case|in (?:both|either|each|such|these|those) cases?|in contrast|by contrast|conversely|alternatively|accordingly|finally|next|now|first|second|third|lastly|last but not least)\b/i;
/**
 * The author's remarks on the text or its example ("…offers a lot more than shown here", "We've brought
 * back…, hence the complaint", "…play some neat tricks", "it would be nice if…"): no fact to test.
 */
const REMARK = /^we\b|\b(?:shown here|hence the|neat|would be nice|a lot more than|the most useful|is useful when)\b/i;
/**
 * "New in version 3.3: The 'rb' prefix…", "True division and multiplication of a timedelta object by a float
 * object are now supported.": a note on the history of a text's subject, not a fact of it.
 */
const VERSION_NOTE = /^(?:new in version|changed in version|deprecated since version)\b|\b(?:is|are) now (?:supported|allowed|accepted|deprecated)\b/i;
/** "If the subject value is not a mapping [3],the mapping pattern fails.": a footnote's mark, which a question would repeat. */
const FOOTNOTE_MARK = /\[\d{1,2}\]/;
/** "Typical values are 107 bytes on Linux…", "Possible values are…": values of something the sentence does not name. */
const UNNAMED_VALUES = /^(?:typical|possible|valid|allowed|common|default|accepted)\s+values?\s+(?:are|is|include)\b/i;
/**
 * The author talking ("I will make occasional use of…", "Let's begin", "our creation of a RAID-0 volume
 * on md0"): remarks and the steps of the author's own example, not facts to test.
 */
const AUTHOR_VOICE = new Set(['I', 'me', 'my', "Let's", 'Let’s', 'we', 'We', 'us', 'our', 'Our']);

/** "Graphical facilities are an important and extremely versatile component of…": praise of the subject, no fact to learn. */
const COPULA_PREDICATE = /^[^,;:]{1,80}?\s(?:is|are)\s+(.+)$/i;
const praisesItsSubject = (text: string) => {
  const predicate = COPULA_PREDICATE.exec(text)?.[1];
  return predicate !== undefined && praises(predicate);
};

export function byDifficulty(difficulty: Difficulty, values: { easy?: number; medium?: number; hard?: number }): number | undefined {
  return values[difficulty];
}

export function quoteExplanation(quote: string, focus: string): string {
  return `The source says: "${excerpt(quote, focus, 240)}"`;
}

export function maskTokens(tokens: readonly Token[], start: number, end: number): string {
  const blank: Token = { text: BLANK, lower: BLANK, lemma: BLANK, pos: 'X', stop: false, space: tokens[start]?.space ?? ' ' };
  return joinTokens([...tokens.slice(0, start), blank, ...tokens.slice(end + 1)]);
}
/** "A non-zero error code was been specified…": a slip of the source's grammar a question would repeat. */
export const DOUBLED_AUXILIARY = /\b(?:is|are|was|were)\s+(?:not\s+)?been\b/i;

/**
 * A sentence a blank can be made in: it says something whole by itself (no "This…", "…above", "for
 * example"), ends as a sentence does, and has a verb.
 */
export function standsAlone(sentence: Sentence): boolean {
  const first = sentence.tokens[0]?.lower ?? '';
  if (
    !hasFiniteVerb(sentence.tokens) ||
    onlyVerbIsRelative(sentence.tokens) ||
    startsWithoutSubject(sentence.tokens) ||
    LIST_ENTRY.test(sentence.text) ||
    opensWithCallout(sentence.text)
  )
    return false;
  if (sentence.tokens.some((token) => AUTHOR_VOICE.has(token.text) || DEMONSTRATIVES.has(token.lower))) return false;
  if (namesItsEntryByKind(sentence.tokens) || NOUN_PHRASE_ONLY.test(sentence.text)) return false;
  // A pronoun early in the sentence stands for something said before it ("The only difference is that it…").
  if (sentence.tokens.slice(0, EARLY_TOKENS).some((token) => EARLY_PRONOUNS.has(token.lower))) return false;
  if (pluralPronounAfterClause(sentence.tokens)) return false;
  return (
    !POINTING.has(first) &&
    !CONTINUES.test(sentence.text) &&
    !ELSEWHERE.test(sentence.text) &&
    !REMARK.test(sentence.text) &&
    !praisesItsSubject(sentence.text) &&
    !UNANCHORED_COMPARISON.test(sentence.text) &&
    !VERSION_NOTE.test(sentence.text) &&
    !UNNAMED_VALUES.test(sentence.text) &&
    !FOOTNOTE_MARK.test(sentence.text) &&
    !DOUBLED_AUXILIARY.test(sentence.text) &&
    !repeatsAWord(sentence.text) &&
    /[.!?]["”’)]?$/.test(sentence.text.trim())
  );
}

const PLURAL_PRONOUNS = new Set(['they', 'their', 'them']);

/**
 * "A Popen creationflags parameter to specify that a new process is not associated with the job.": a noun and
 * what it is for, with no verb of the sentence's own (the verb of the clause after "that" is none).
 */
const NOUN_PHRASE_ONLY = /^(?:an?|the)\s+(?:[\w-]+\s+){1,4}to\s+\p{Ll}+\s+(?:that|whether|how|which)\b/iu;

/**
 * "The method returns True if the wrapped coroutine did not suppress…", "The function must be called with…": the
 * entry a reference's sentence documents, named by its kind alone, is none the stem shows.
 */
const ENTRY_KINDS: ReadonlySet<string> = new Set(['method', 'function', 'constructor', 'decorator', 'callback', 'property', 'attribute']);
const namesItsEntryByKind = ([the, kind, verb]: readonly Token[]) =>
  the?.lower === 'the' &&
  ENTRY_KINDS.has(kind?.lower ?? '') &&
  // "returns", which the tagger takes for a plural after "The method", is its verb.
  (verb?.pos === 'VERB' || verb?.pos === 'AUX' || (verb?.pos === 'NOUN' && verb.lower !== verb.lemma && readsAsVerb(verb.lemma)));

/**
 * "Because the current locale is a process-wide setting, they are not thread-safe.": "they" after an
 * opening clause that names nothing plural stands for something said before the sentence.
 */
function pluralPronounAfterClause(tokens: readonly Token[]): boolean {
  if (tokens[0]?.pos !== 'SCONJ') return false;
  const comma = tokens.findIndex((token) => token.text === ',');
  const clause = tokens.slice(0, Math.max(0, comma));
  return comma > 0 && PLURAL_PRONOUNS.has(tokens[comma + 1]?.lower ?? '') && !clause.some((token) => token.pos === 'NOUN' && token.lower !== token.lemma);
}

/**
 * "Creates the DER encoding of…", "Returns the…": a reference manual's description of a function, whose
 * subject is the heading above it; "3.1 Invoking asn1Parser asn1Parser reads…": a heading run into its
 * first sentence; "input data will be placed…": a piece of a sentence.
 */
const LABEL_START = /^\S{1,40}:\s/u;
/** "A glob-deleteall element, which indicates that…": a list's entry, a name and what it does, not a sentence. */
const LIST_ENTRY = /^(?:an?|the)\s[^,.;:]{1,60},\s(?:which|that|who)\b/i;

export function insideBrackets(tokens: readonly Token[], at: number): boolean {
  let depth = 0;
  for (let index = 0; index < at; index += 1) {
    const text = tokens[index]?.text;
    if (text === '(' || text === '[') depth += 1;
    else if ((text === ')' || text === ']') && depth > 0) depth -= 1;
  }
  return depth > 0;
}

function startsWithoutSubject(tokens: readonly Token[]): boolean {
  const first = tokens[0];
  if (!first) return true;
  // "Returns: NULL when…", "Important warning: The…", "__slots__: A declaration…": a label and its text.
  if (tokens[1]?.text === ':' || tokens[2]?.text === ':' || LABEL_START.test(joinTokens(tokens.slice(0, 8)))) return true;
  // A sentence that opens in lower case (or with "_passwd") was cut from a longer one, or opens with a name from code —
  // unless that name is a command the sentence is about ("cron is the daemon…", "atd deals with…").
  return (
    (/^[\p{Ll}_]/u.test(first.text) && !opensWithCommandName(tokens)) ||
    // "[1] Since the choice of…": a footnote, cut from the text it notes.
    (first.text === '[' && tokens[1]?.pos === 'NUM' && tokens[2]?.text === ']') ||
    /^\d+(?:[.\u2024]\d+)+$/.test(first.text) ||
    (first.pos === 'NUM' && tokens[1]?.text === '.' && tokens[2]?.pos === 'NUM') ||
    // "Returns an array listing…": tagged a verb, or a plural noun right before a determiner, which no noun is.
    (/^\p{Lu}\p{Ll}+s$/u.test(first.text) && !/ss$/.test(first.text) && (first.pos === 'VERB' || DETERMINER_AFTER_VERB.has(tokens[1]?.lower ?? ''))) ||
    // "Return a writer object…", "Consult the module's documentation…": an instruction, or a reference's
    // description of the function its heading names, states no fact on its own.
    (isBaseFormVerb(first) && /^\p{Lu}/u.test(first.text)) ||
    // "Return a writer object…" with the verb read as a name: no name opens a sentence right before an article.
    (first.pos === 'PROPN' && /^\p{Lu}\p{Ll}+$/u.test(first.text) && ARTICLES.has(tokens[1]?.lower ?? '')) ||
    // "May return NULL if no GILState API has been used…": a modal and its verb, the subject being the entry the
    // reference describes (the tagger reads "May" as the month, "return" as a noun).
    (MODALS.has(first.lower) && /^\p{Lu}/u.test(first.text) && readsAsVerb(tokens[1]?.lower ?? '')) ||
    // "Useful to inspect various diagnostic data…": a predicate whose subject is the option listed before it.
    (/^\p{Lu}\p{Ll}+$/u.test(first.text) && tokens[1]?.lower === 'to' && tokens[1].pos === 'PART' && tokens[2]?.pos === 'VERB') ||
    // "Return True if…", "Defaults to None if…": a verb read as a name before a value or "to" says what the
    // entry it describes gives or holds, no subject of its own.
    (first.pos === 'PROPN' && /^\p{Lu}\p{Ll}+$/u.test(first.text) && VALUE_OR_TO.has(tokens[1]?.lower ?? '') && readsAsVerb(first.lemma.replace(/s$/, '')))
  );
}

const RELATIVES = new Set(['that', 'which', 'who']);
const MODALS: ReadonlySet<string> = new Set(['may', 'can', 'must', 'should', 'will', 'might', 'could']);

/** What a reference's description opens with after its verb: a value it gives ("True", "None") or "to". */
const VALUE_OR_TO: ReadonlySet<string> = new Set(['true', 'false', 'none', 'null', 'to']);

/** "Return", "Add", "Consult": a verb as an instruction or a to-do names it. */
const isBaseFormVerb = (token: Token | undefined) => token?.pos === 'VERB' && token.lower === token.lemma;

/**
 * A bullet that gives an instruction or a plan ("Add functions for…" under "Future developments") or
 * names a feature ("On-line ASN.1 structure management that doesn't require…", its only verb in the
 * relative clause): it states no fact.
 */
export function isListFragment(analysis: Analysis, sentence: Sentence): boolean {
  if (analysis.blocks[sentence.block]?.kind !== 'bullet') return false;
  const { tokens } = sentence;
  const first = tokens[0];
  if (isBaseFormVerb(first)) return true;
  const relative = relativeClause(tokens);
  return relative > 0 && !hasFiniteVerb(tokens.slice(0, relative));
}

/** "cron is the daemon…": a lower-case word everyday English never uses, and a verb right after it. */
function opensWithCommandName(tokens: readonly Token[]): boolean {
  const [first, second] = tokens;
  return first !== undefined && /^\p{Ll}+$/u.test(first.text) && zipf(first.text) <= UNSEEN_ZIPF && (second?.pos === 'VERB' || second?.pos === 'AUX');
}

/**
 * A verb that makes a sentence, outside brackets: "A standard way of getting the MIME type" (a list
 * entry), "MIME type (subject to conflicting rules…)" and "A way for applications to install…" have none.
 */
function finiteVerbs(tokens: readonly Token[]): number[] {
  let depth = 0;
  return tokens.flatMap((token, index) => {
    if (token.text === '(' || token.text === '[') depth += 1;
    else if (token.text === ')' || token.text === ']') depth = Math.max(0, depth - 1);
    if (depth > 0) return [];
    if (token.pos === 'AUX') return [index];
    // "MIME related information", "the returned value": a participle before a noun describes it.
    const describing = token.lower.endsWith('ed') && ['NOUN', 'ADJ'].includes(tokens[index + 1]?.pos ?? '');
    return token.pos === 'VERB' && !token.lower.endsWith('ing') && tokens[index - 1]?.lower !== 'to' && !describing ? [index] : [];
  });
}

const hasFiniteVerb = (tokens: readonly Token[]) => finiteVerbs(tokens).length > 0;

/** The first "that", "which" or "who" after a noun: where a relative clause opens. */
const relativeClause = (tokens: readonly Token[]) => tokens.findIndex((token, index) => RELATIVES.has(token.lower) && tokens[index - 1]?.pos === 'NOUN');

/**
 * "A set containing the names of the hash algorithms that are available in the running interpreter.":
 * a reference's description of an attribute, whose one verb is in its relative clause; a noun phrase, no sentence.
 */
function onlyVerbIsRelative(tokens: readonly Token[]): boolean {
  const verbs = finiteVerbs(tokens);
  const relative = relativeClause(tokens);
  return (verbs.length === 1 && relative > 0 && (verbs[0] ?? 0) > relative) || onlyVerbInContactClause(tokens, verbs);
}

const NOUN_PHRASE_TAGS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'ADP', 'NUM']);
/**
 * "The number of iterations the PBKDF2 algorithm should make when deriving bits.": a noun phrase whose one
 * verb ("should make") is in a clause joined to its noun without "that", an attribute's description.
 */
function onlyVerbInContactClause(tokens: readonly Token[], verbs: readonly number[]): boolean {
  const [first] = verbs;
  if (first === undefined || verbs.some((verb, index) => verb !== first + index) || tokens[0]?.pos !== 'DET') return false;
  const opening = tokens.slice(0, first);
  const clause = opening.findIndex((token, index) => index > 1 && token.pos === 'DET' && opening[index - 1]?.pos === 'NOUN');
  return clause > 0 && opening.slice(0, clause).every((token) => NOUN_PHRASE_TAGS.has(token.pos));
}

/** Word classes after which a blank starts a phrase of its own; after a noun or an adverb it is the tail of a compound ("finally _____"). */
const OPENS_PHRASE = new Set(['DET', 'ADP', 'VERB', 'AUX', 'PRON', 'CCONJ', 'SCONJ', 'PUNCT', 'PART', 'NUM']);

/**
 * A blank that completes a compound left standing in the stem asks for a word, not a concept: after a
 * noun or an adverb ("the finally _____"), or after a word the document writes before it elsewhere
 * too ("the except _____", "an if _____" → clause).
 */
export function isCompoundTail(tokens: readonly Token[], start: number, pairs: ReadonlySet<string>): boolean {
  const before = tokens[start - 1];
  const first = tokens[start];
  if (!before || !first || !/\p{L}/u.test(before.text)) return false;
  return !OPENS_PHRASE.has(before.pos) || (before.pos !== 'DET' && pairs.has(`${before.lower} ${first.lemma}`));
}

/** Every pair of neighbouring words in the document, the second as its lemma. */
export function wordPairs(analysis: Analysis): Set<string> {
  const pairs = new Set<string>();
  for (const { tokens } of analysis.sentences)
    for (let index = 1; index < tokens.length; index += 1) pairs.add(`${tokens[index - 1]?.lower} ${tokens[index]?.lemma}`);
  return pairs;
}

/** A phrase that is not a piece of a longer written unit ("org" of "security.debian.org", "xz" of "Packages.xz"). */
export function isWholeWord(tokens: readonly Token[], span: { start: number; end: number }): boolean {
  const glued = (token: Token | undefined) => token !== undefined && token.space === '' && /^[\p{L}\p{N}._/-]/u.test(token.text);
  const before = tokens[span.start - 1];
  return !(span.start > 0 && tokens[span.start]?.space === '' && before && /[\p{L}\p{N}._/-]$/u.test(before.text)) && !glued(tokens[span.end + 1]);
}

/** "virtual environment" in "Virtual Environments and Packages": the text's own subject, a blank anybody fills. */
export function namesTheTitle(phrase: Phrase, titleWords: ReadonlySet<string>): boolean {
  return phrase.tokenCount > 1 && phrase.lemmas.every((lemma) => titleWords.has(lemma) || titleWords.has(`${lemma}s`));
}

/**
 * "an R session" in a text about R, "a Python program" in one about Python, "the Samba server" on a page
 * titled "… with Samba": the subject's name (or a name in the title) before an everyday noun asks for the
 * noun alone, and any other session or program fits the blank as well — unless the text defines it ("An
 * R list is…").
 */
function isSubjectsEverydayThing(analysis: Analysis, phrase: Phrase, titleWords: ReadonlySet<string>): boolean {
  const [first = '', second = ''] = phrase.lemmas;
  const defined = analysis.definitionByKey.has(phrase.key);
  const subject = first === analysis.subject || (titleWords.has(first) && isNameWord(phrase.display.split(' ')[0] ?? '', first));
  return !defined && phrase.tokenCount === 2 && subject && zipf(second) >= RARE_ZIPF;
}

/**
 * Whether the word at `at` carries a noun phrase on: a noun, or a word the tagger read as a verb or an
 * adjective right before a comma or the end ("a single XML file, named…", "the LANG environment variable."),
 * or an "-ing" word it read as a verb before "and" ("native byte ordering and alignment").
 */
function continuesAsNoun(tokens: readonly Token[], at: number): boolean {
  const next = tokens[at];
  if (next?.pos === 'NOUN') return true;
  const after = tokens[at + 1];
  if (next?.pos === 'VERB' && /^\p{Ll}+ing$/u.test(next.text) && after?.pos === 'CCONJ') return true;
  return (next?.pos === 'VERB' || next?.pos === 'ADJ') && /^\p{Ll}+$/u.test(next.text) && (after === undefined || after.pos === 'PUNCT');
}

/** "…are all _____, whereas…" (binary): a bare word after "is"/"are" says how something is, a quality and not a concept. */
function isPredicateWord(tokens: readonly Token[], span: Span, phrase: Phrase): boolean {
  if (span.start !== span.end || phrase.plural || phrase.proper) return false;
  let at = span.start - 1;
  while (tokens[at]?.pos === 'ADV' || tokens[at]?.lower === 'all') at -= 1;
  return tokens[at]?.lemma === 'be';
}

/** "the hash character, #, and…", "the backslash, \.": the symbol printed beside the blank names it. */
function namesItsSymbol(tokens: readonly Token[], span: Span): boolean {
  const next = tokens[span.end + 2];
  return tokens[span.end + 1]?.text === ',' && next !== undefined && !/[\p{L}\p{N}]/u.test(next.text) && next.text !== '“' && next.text !== '"';
}

/** "The _____ is 50, and the maximum is 100": the fact is the value; the name of what has it is no question. */
function statesAValue(tokens: readonly Token[], span: Span): boolean {
  return tokens[span.end + 1]?.lemma === 'be' && tokens[span.end + 2]?.pos === 'NUM';
}

/**
 * A phrase after the sentence's verb: what the sentence says something of, not what it is about, where
 * another phrase of the kind fits as well ("the INFO message doesn't appear because the _____ is
 * WARNING"). Judged on the read parts, the blanks this removed were kept 26 times in 66 (each
 * difficulty's item counted); by position, blanks in a sentence's first four words 55 in 83, later ones
 * 27 in 78 (each item once).
 */
export const isInPredicate = (tokens: readonly Token[], start: number) => hasFiniteVerb(tokens.slice(0, start));

const QUANTIFIERS: ReadonlySet<string> = new Set(['some', 'each', 'every', 'all', 'most', 'many', 'several', 'any', 'certain', 'various', 'few', 'much']);
/**
 * "Some RTC clients have problems with NAT", "Each response distribution admits link functions", "much of
 * the latest methodology is available": what holds of some or all things of a kind holds of a narrower
 * or wider kind too ("Some XMPP clients…", "Each normal distribution…"), so the phrase asks for no one
 * concept. Judged: such blanks were kept 0 times in 4.
 */
function isQuantified(tokens: readonly Token[], start: number): boolean {
  let index = start - 1;
  if (tokens[index]?.lower === 'the') index -= tokens[index - 1]?.lower === 'of' ? 2 : 1;
  return QUANTIFIERS.has(tokens[index]?.lower ?? '');
}

/**
 * The key phrases of a sentence a question may blank or swap: each once in it, a whole word starting a
 * phrase of its own. The document's own subject ("Python" in a Python tutorial) is a blank anybody
 * fills, and so is an everyday word ("the user", "the text"): a blank asks for a compound, a rare
 * word or a defined term.
 */
export function blankablePhrases({ analysis, titleWords, pairs }: Build, sentence: Sentence): Array<{ span: Span & { key: string }; phrase: Phrase }> {
  const spans = analysis.phrases.inSentence.get(sentence.id) ?? [];
  const counts = new Map<string, number>();
  for (const span of spans) counts.set(span.key, (counts.get(span.key) ?? 0) + 1);
  return spans.flatMap((span) => {
    const phrase = analysis.phrases.byKey.get(span.key);
    if (!phrase?.keyPhrase || counts.get(span.key) !== 1 || !isWholeWord(sentence.tokens, span) || isCompoundTail(sentence.tokens, span.start, pairs))
      return [];
    if (titleWords.has(phrase.key) || namesTheTitle(phrase, titleWords) || isSubjectsEverydayThing(analysis, phrase, titleWords)) return [];
    // "…are all binary, whereas…": a word the sentence uses as an adjective asks for a quality, not a concept.
    if (span.start === span.end && sentence.tokens[span.start]?.pos === 'ADJ') return [];
    // "the LANG environment _____ variable": a noun right after the span means the phrase goes on.
    if (continuesAsNoun(sentence.tokens, span.end + 1)) return [];
    if (isPredicateWord(sentence.tokens, span, phrase) || statesAValue(sentence.tokens, span)) return [];
    // "(right Alt)", "base 2 (binary)": what a parenthesis holds is an aside or a gloss, not the fact;
    // "the _____ (Point-to-Point Tunneling Protocol)", "a _____ (netmask)": a gloss right after the blank gives it away.
    if (insideBrackets(sentence.tokens, span.start) || sentence.tokens[span.end + 1]?.text === '(' || namesItsSymbol(sentence.tokens, span)) return [];
    // "Activating the virtual environment will…": a verb and its object, not a concept.
    if (span.start === span.end && /ing$/.test(sentence.tokens[span.start]?.lower ?? '') && sentence.tokens[span.end + 1]?.pos === 'DET') return [];
    if (isVagueWord(phrase, { defined: analysis.definitionByKey.has(phrase.key), sentences: analysis.sentences.length })) return [];
    // "text encoding: A string in Python is…": the label of an entry, not a word of its sentence.
    if (span.start === 0 && sentence.tokens[span.end + 1]?.text === ':') return [];
    if (isQuantified(sentence.tokens, span.start)) return [];
    return [{ span, phrase }];
  });
}
