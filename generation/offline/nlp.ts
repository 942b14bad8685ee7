import winkNLP, { type ItsFunction, type PartOfSpeech, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

// The one place that talks to wink-nlp. Its English model ships inside the npm package, so parsing
// needs no network and no download. Everything downstream works on the plain arrays built here.

export type Token = {
  text: string;
  lower: string;
  lemma: string;
  pos: PartOfSpeech;
  stop: boolean;
  /** Whitespace before the token in the source ('' when attached, e.g. a comma). */
  space: string;
};

/** A named entity as token positions (inclusive) inside its sentence; `type` is DATE, CARDINAL, … */
export type Entity = { type: string; start: number; end: number };

export type ParsedSentence = { text: string; tokens: Token[]; entities: Entity[] };

let engine: WinkMethods | undefined;

function nlp(): WinkMethods {
  // Sentiment, negation and custom entities are not used; leaving them out of the pipe saves time.
  engine ??= winkNLP(model, ['sbd', 'pos', 'ner']);
  return engine;
}

type Span = [number, number];

/** Splits text into sentences with tokens, POS tags, lemmas and entities in one pass. */
/**
 * A dot inside a word ("sources.list", "ftp.debian.org", "os.path", "submodule.$name.url", "column.<name>",
 * "remote.<remote>.tagOpt"), opening one (the suffix ".py",
 * "(.pyc files)") or in a file pattern ("*.py") is no sentence end: it is hidden from the parser. One before a
 * word that opens sentences ("…return an object.The content of…", a missing space) still ends one.
 */
const INNER_DOT = /(?<=[\p{L}\p{N}_*/([>]|\s)\.(?=[\p{L}\p{N}_$<])(?!(?:The|This|These|It|Its|If|When|For|See)\s)/gu;
const HIDDEN_DOT = '\u2024';
/**
 * "==, and !=", "\!important!.txt", "The character "?" matches any one character", "An optional prefix "!"
 * which negates the pattern": a mark that an operator, a name or a quotation holds, or that the sentence
 * goes on from in lower case, ends no sentence either. Hidden before the dots, so that a dot after one
 * ("!.txt") stands inside a name.
 */
const INNER_MARK = /[!?](?==|[\p{L}\p{N}_.\\]|["'”’)]?(?:[,;:]|\s+\p{Ll}))/gu;
const HIDDEN_BANG = '\u01c3';
const HIDDEN_QUESTION = '\u0294';
/** "A/./B", "A/foo/../B": the dots of a path's steps, between its slashes. */
const PATH_DOTS = /(?<=\/)\.{1,2}(?=\/)/g;
const hideMarks = (text: string) =>
  text
    .replace(INNER_MARK, (mark) => (mark === '!' ? HIDDEN_BANG : HIDDEN_QUESTION))
    .replace(INNER_DOT, HIDDEN_DOT)
    .replace(PATH_DOTS, (dots) => HIDDEN_DOT.repeat(dots.length));
const restoreHidden = (text: string) => text.replaceAll(HIDDEN_DOT, '.').replaceAll(HIDDEN_BANG, '!').replaceAll(HIDDEN_QUESTION, '?');

/** The articles: a word before a noun phrase, never part of a name or a term. */
export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);
/** The words that open a condition ("if name is None", "when it is closed"). */
export const CONDITIONS: ReadonlySet<string> = new Set(['if', 'unless', 'when', 'whenever']);

export function parseText(text: string): ParsedSentence[] {
  return readSentences(text).flatMap(atLetterEnds);
}

/** "o.": a one-letter name the parser took with the full stop after it for an abbreviation. */
const LETTER_WITH_STOP = /^\p{Ll}\.$/u;
/**
 * "Map the string key to the value v in object o. Returns -1 on failure.": the parser reads "o." as an
 * abbreviation and runs the two sentences together; a one-letter name, its full stop, then a word in
 * capitals end the first.
 */
function atLetterEnds(sentence: ParsedSentence): ParsedSentence[] {
  const at = sentence.tokens.findIndex(
    (token, index) => index > 0 && LETTER_WITH_STOP.test(token.text) && /^\p{Lu}/u.test(sentence.tokens[index + 1]?.text ?? ''),
  );
  if (at < 0) return [sentence];
  const letter = sentence.tokens[at] as Token;
  const name: Token = { ...letter, text: letter.text.slice(0, 1), lower: letter.lower.slice(0, 1), lemma: letter.lemma.slice(0, 1), pos: 'NOUN' };
  const stop: Token = { text: '.', lower: '.', lemma: '.', pos: 'PUNCT', stop: false, space: '' };
  const first = [...sentence.tokens.slice(0, at), name, stop];
  const rest = sentence.tokens.slice(at + 1).map((token, index) => (index === 0 ? { ...token, space: '' } : token));
  const entitiesOf = (from: number, to: number) =>
    sentence.entities
      .filter((entity) => entity.start >= from && entity.end < to)
      .map((entity) => ({ ...entity, start: entity.start - from, end: entity.end - from }));
  return [
    { text: joinTokens(first), tokens: first, entities: entitiesOf(0, at) },
    ...atLetterEnds({ text: joinTokens(rest), tokens: rest, entities: entitiesOf(at + 1, sentence.tokens.length) }),
  ];
}

function readSentences(text: string): ParsedSentence[] {
  const { its } = nlp();
  const doc = nlp().readDoc(hideMarks(text));
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const lowers = tokens.out(its.normal) as string[];
  // wink-nlp's typings give its.lemma a signature `out` does not accept, although it works there.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  const stops = tokens.out(its.stopWordFlag) as boolean[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const sentenceSpans = doc.sentences().out(its.span) as unknown as Span[];
  const entityTypes = doc.entities().out(its.type) as string[];
  const entitySpans = doc.entities().out(its.span) as unknown as Span[];

  let entityCursor = 0;
  return sentenceSpans.map(([first, last]) => {
    const sentenceTokens: Token[] = [];
    const localIndex = new Map<number, number>();
    let pendingSpace = '';
    for (let index = first; index <= last; index += 1) {
      const pos = tags[index] ?? 'X';
      if (pos === 'SPACE') {
        pendingSpace = ' ';
        continue;
      }
      localIndex.set(index, sentenceTokens.length);
      sentenceTokens.push(
        ...splitPossessive({
          text: restoreHidden(values[index] ?? ''),
          lower: restoreHidden(lowers[index] ?? ''),
          lemma: restoreHidden(lemmas[index] ?? '').toLowerCase(),
          pos,
          stop: stops[index] ?? false,
          space: sentenceTokens.length === 0 ? '' : spaces[index] || pendingSpace,
        }),
      );
      pendingSpace = '';
    }
    const entities: Entity[] = [];
    while (entityCursor < entitySpans.length && (entitySpans[entityCursor]?.[0] ?? Infinity) <= last) {
      const [start, end] = entitySpans[entityCursor] ?? [0, 0];
      const localStart = localIndex.get(start);
      const localEnd = localIndex.get(end);
      if (start >= first && localStart !== undefined && localEnd !== undefined) {
        entities.push({ type: entityTypes[entityCursor] ?? 'UNKNOWN', start: localStart, end: localEnd });
      }
      entityCursor += 1;
    }
    modifiersAfterArticles(sentenceTokens);
    return { text: joinTokens(sentenceTokens), tokens: sentenceTokens, entities };
  });
}

const NOUN_TAGS: ReadonlySet<PartOfSpeech> = new Set(['NOUN', 'PROPN']);

/** "-ed", "-ing": a participle, which modifies a noun as a verb would ("the installed version", "an existing archive"). */
const PARTICIPLE = /(?:ed|ing)$/i;

/**
 * "a live CD", "the Conflicts field": the tagger reads a word between an article and a noun as a verb
 * ("live/VERB"), so the phrase lost its modifier and "live CD" was no concept of Grml's page; there it
 * can only modify the noun. A participle is left a verb: the phrases it would make ("resulting
 * object") name no concept.
 */
function modifiersAfterArticles(tokens: Token[]): void {
  tokens.forEach((token, index) => {
    const [before, after] = [tokens[index - 1], tokens[index + 1]];
    const modifies = before !== undefined && ARTICLES.has(before.lower) && after !== undefined && NOUN_TAGS.has(after.pos) && after.space !== '';
    if (token.pos === 'VERB' && modifies && !PARTICIPLE.test(token.text)) token.pos = 'ADJ';
  });
}

/** "user’s", "Python's": a word and its possessive ending, as one token. */
const POSSESSIVE = /^(\p{L}[\p{L}\p{N}]*)(['’]s)$/u;

/**
 * wink-nlp adds every word it has not seen to its lexicon and then splits a word it knows no further:
 * after "(the current user’s, and…)" it read "the user’s home directory" as one token "user’s", where a
 * parse before had "user" and "’s", so a document's items changed with the documents read before it in
 * the same process (5 of 283 in the corpus, all by such a possessive). The ending is split off as the
 * parser does for a word it does not know, so a document parses alike whatever came before.
 */
function splitPossessive(token: Token): Token[] {
  const match = POSSESSIVE.exec(token.text);
  if (!match) return [token];
  const [, word = '', ending = ''] = match;
  const owner: Token = {
    text: word,
    lower: word.toLowerCase(),
    lemma: word.toLowerCase(),
    pos: /^\p{Lu}/u.test(word) ? 'PROPN' : 'NOUN',
    stop: false,
    space: token.space,
  };
  return [owner, { text: ending, lower: ending.toLowerCase(), lemma: ending.toLowerCase(), pos: 'PART', stop: false, space: '' }];
}

export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((token, index) => (index === 0 ? token.text : token.space + token.text)).join('');
}

const verbReadings = new Map<string, boolean>();
/**
 * "tokenize", "memoize", "stringify": a word made a verb by its ending, which the tagger's lexicon does not
 * hold ("size" and "prize" are too short to be made so).
 */
const MADE_VERB = /^\p{Ll}{3,}(?:ize|ify)$/u;
/** "Increment the reference count…", "Unquote the string…": verbs of programming the tagger's lexicon holds as nouns or not at all. */
const PROGRAMMING_VERBS: ReadonlySet<string> = new Set([
  'increment',
  'decrement',
  'prepend',
  'enqueue',
  'dequeue',
  'dereference',
  'deallocate',
  'unescape',
  'unquote',
  'untrack',
]);
/**
 * "reapply", "reattach", "reindex": a verb done again, "re" before a vowel; "unset": a verb undone. The lexicon
 * holds neither.
 */
const AGAIN = /^(?:re(?=[aeiou])(\p{Ll}{4,})|un(\p{Ll}{3,}))$/u;
/** Whether a word can be a verb: the tagger reads it as one after "to" ("to process it", "to parse it"). */
export function readsAsVerb(word: string): boolean {
  let reading = verbReadings.get(word);
  if (reading === undefined) {
    const match = AGAIN.exec(word);
    const again = match?.[1] ?? match?.[2];
    reading =
      MADE_VERB.test(word) ||
      PROGRAMMING_VERBS.has(word) ||
      parseText(`to ${word} it`)[0]?.tokens[1]?.pos === 'VERB' ||
      (again !== undefined && readsAsVerb(again));
    verbReadings.set(word, reading);
  }
  return reading;
}
