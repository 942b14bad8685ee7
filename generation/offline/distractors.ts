import type { Difficulty } from '../../domain/learning-content.ts';
import { comparisonTokens } from '../quality.ts';
import { zipf } from './commonness.ts';
import { shuffled } from './seeded-random.ts';

// Wrong options that are plausible: the same kind of thing as the answer (a term of the same sort
// and length, a date for a date, a number for a number, a value of the same column), never a
// variant of it (same words up to case, plural or punctuation, one inside the other, or sharing its
// lemmas). Easy quizzes take the most distant of these, hard ones the closest.

export type Option = {
  text: string;
  key: string;
  /** Comparison words (lower case, singular); with `lemmas`, what variant detection compares. */
  words: ReadonlySet<string>;
  lemmas: ReadonlySet<string>;
  /** What kind of thing this is: only options of the answer's family can stand beside it. */
  family: string;
  tokenCount: number;
  plural?: boolean;
  value?: number;
  isYear?: boolean;
  units: ReadonlySet<number>;
  frequency: number;
  centrality: number;
  /** A category shared with related options (the continent of a country). */
  group?: string;
  /** The head noun's lemma of a term ("statement" of "raise statement"). */
  head?: string;
  /** What a term is grammatically: a glossary defines adjectives ("contiguous") beside nouns ("object"). */
  wordClass?: 'noun' | 'adjective';
  /** What the document defines the term as a kind of ("object" for "R list"): never a wrong option beside its genus. */
  kinds?: ReadonlySet<string>;
  /** The term's other names in the document, as comparison keys: never a wrong option beside it. */
  synonyms?: ReadonlySet<string>;
  /** A one-word name ("GNOME", "ifupdown", "venv"): only another name can stand beside it, and it beside no other kind of term. */
  name?: boolean;
  /** A term for a doer ("parser", "scheduler", "logger", ./agent-nouns.ts): only other doers stand beside it. */
  doer?: boolean;
  /** A name from code ("dumps", "readUint32"): another name is another entry however alike it is spelled ("dump", "readUint64"). */
  codeName?: boolean;
};

export type OptionTraits = Partial<Omit<Option, 'text' | 'key' | 'words'>> & { family: string };

export function makeOption(text: string, traits: OptionTraits): Option {
  const tokens = traits.codeName ? [text.toLowerCase()] : comparisonTokens(text);
  const words = new Set(tokens);
  return {
    lemmas: words,
    tokenCount: words.size,
    units: new Set(),
    frequency: 1,
    centrality: 0.5,
    ...traits,
    text,
    key: tokens.join(' '),
    words,
  };
}

function isSubset(small: ReadonlySet<string>, large: ReadonlySet<string>): boolean {
  if (small.size === 0 || small.size > large.size) return false;
  for (const item of small) if (!large.has(item)) return false;
  return true;
}

const MIN_STEM = 5;
const MIN_ABBREVIATION = 3;
const MIN_COMPOUND_TAIL = 4;
/**
 * "graphics" and "graphical", "encode" and "encoding": one word's stem begins the other; "enum" and
 * "enumeration", "str" and "string": one word is the other cut short; "office" and "LibreOffice",
 * "class" and "superclass": one word ends a compound naming a kind of it.
 */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= MIN_ABBREVIATION && long.startsWith(short)) return true;
  if (short.length >= MIN_COMPOUND_TAIL && long.endsWith(short)) return true;
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared += 1;
  return shared >= MIN_STEM && shared >= 0.7 * Math.min(a.length, b.length);
}

/** "graphical parameters" beside "graphics parameters": word by word the same stems. */
function sameStems(a: Option, b: Option): boolean {
  const left = a.key.split(' ');
  const right = b.key.split(' ');
  return left.length === right.length && left.every((word, index) => sameStem(word, right[index] ?? ''));
}

/** "mini-Debian system" and "miniDebian system": the same words, written apart or together. */
const writtenTogether = (a: Option, b: Option) => a.key.replaceAll(' ', '') === b.key.replaceAll(' ', '');

/** Same words up to case, plural and punctuation (joined or not), one option's words or lemmas inside the other's, or the same stems. */
export function isVariant(a: Option, b: Option): boolean {
  if (a.codeName && b.codeName) return a.key === b.key;
  return (
    a.key === b.key ||
    writtenTogether(a, b) ||
    isSubset(a.words, b.words) ||
    isSubset(b.words, a.words) ||
    isSubset(a.lemmas, b.lemmas) ||
    isSubset(b.lemmas, a.lemmas) ||
    sameStems(a, b)
  );
}

const MAX_LENGTH_RATIO = 2.5;
/**
 * "The MBR occupies the first _____ bytes" among 20 and 30, "typically _____ bits" among 16 and 20 for
 * 53: a number far from the answer's size is no plausible wrong option; 52 and 55 beside 53, 400 and 403
 * beside 401 are. Judged on the read parts, numeric blanks with wrong options within this ratio were
 * kept 2 times in 2, those with one beyond it 0 in 4.
 */
const MAX_VALUE_RATIO = 2.5;
const sizeRatio = (a: number, b: number) => (Math.max(Math.abs(a), Math.abs(b)) + 1) / (Math.min(Math.abs(a), Math.abs(b)) + 1);

/** One is a kind of the other by the document's own definitions: a list where an object is asked for fits too. */
function isKindOf(a: Option, b: Option): boolean {
  return (b.head !== undefined && a.kinds?.has(b.head) === true) || (a.head !== undefined && b.kinds?.has(a.head) === true);
}

function compatible(answer: Option, option: Option): boolean {
  if (option.family !== answer.family || isKindOf(answer, option) || answer.synonyms?.has(option.key) || option.synonyms?.has(answer.key)) return false;
  if (answer.plural !== undefined && option.plural !== undefined && answer.plural !== option.plural) return false;
  if (answer.wordClass !== undefined && option.wordClass !== undefined && answer.wordClass !== option.wordClass) return false;
  if (answer.name !== undefined && option.name !== undefined && answer.name !== option.name) return false;
  if (answer.doer === true && option.doer !== true) return false;
  if (!answer.isYear && answer.value !== undefined && option.value !== undefined && sizeRatio(answer.value, option.value) > MAX_VALUE_RATIO) return false;
  if (Math.abs(answer.tokenCount - option.tokenCount) > Math.max(1, answer.tokenCount / 2)) return false;
  const [short, long] = answer.text.length <= option.text.length ? [answer.text.length, option.text.length] : [option.text.length, answer.text.length];
  return long <= short * MAX_LENGTH_RATIO + 4;
}

function sharesUnit(a: Option, b: Option): boolean {
  for (const unit of a.units) if (b.units.has(unit)) return true;
  return false;
}

/** 0 (far apart) … ~1.5 (as close as the document allows). */
function closeness(answer: Option, option: Option): number {
  const group = answer.group !== undefined && answer.group === option.group ? 0.5 : 0;
  if (answer.value !== undefined && option.value !== undefined) {
    const distance = answer.isYear
      ? Math.abs(answer.value - option.value) / 15
      : Math.abs(Math.log((Math.abs(answer.value) + 1) / (Math.abs(option.value) + 1))) * 3;
    return 1 / (1 + distance) + group;
  }
  const frequency = Math.min(answer.frequency, option.frequency) / Math.max(answer.frequency, option.frequency, 1);
  const length = 1 - Math.abs(answer.text.length - option.text.length) / Math.max(answer.text.length, option.text.length, 1);
  const centrality = 1 - Math.abs(answer.centrality - option.centrality);
  const sameShape = answer.tokenCount === option.tokenCount ? 0.2 : 0;
  // "raise statement" beside "return statement": the same head noun is the surest sign of the same kind of thing.
  const sameHead = answer.head !== undefined && answer.head === option.head ? 0.6 : 0;
  return 0.3 * (sharesUnit(answer, option) ? 1 : 0) + 0.2 * frequency + 0.2 * length + 0.3 * centrality + sameShape + sameHead + group;
}

/** Options that may not appear: words of the question itself. */
/** `stemWords`: the words of what the stem quotes, which a wrong term may not echo. */
export type DistractorContext = { difficulty: Difficulty; random: () => number; stemKey: string; stemWords?: ReadonlySet<string>; count?: number };

function appearsIn(stemKey: string, option: Option): boolean {
  return ` ${stemKey} `.includes(` ${option.key} `);
}

/** Words as common as "the", "of" or "not": shared by any two texts, they echo nothing. */
const FUNCTION_WORD_ZIPF = 6;

/**
 * A wrong term echoing a word of the stem that the answer does not have: "optional restval parameter"
 * where the fieldnames parameter "is not optional", "tab characters" where the characters replaced are
 * "tab, newline, …", "administration interface" for "a _____ for administration". Such an option is
 * tied to the sentence, so a reader takes it for right, and often it is right too. Judged on the read
 * parts, blanks with such an option were kept 9 times in 21, others 58 in 95; without them the read
 * held-out quizzes went from 56% to 59% kept at medium (41/73 → 40/68), 47% to 48% at hard.
 */
function echoesStem(answer: Option, option: Option, stemWords: ReadonlySet<string> | undefined): boolean {
  if (!stemWords || !option.family.startsWith('term')) return false;
  for (const word of option.words) {
    if (!answer.words.has(word) && word.length >= 3 && stemWords.has(word) && zipf(word) < FUNCTION_WORD_ZIPF) return true;
  }
  return false;
}

/**
 * `count` distractors for `answer` from `pool`, or undefined when the pool has too few of its
 * kind. The candidates are ordered by closeness: hard takes the closest, medium the closer half
 * shuffled, easy the farthest; a window at the front is shuffled so quizzes vary between documents.
 */
export function pickDistractors(answer: Option, pool: readonly Option[], context: DistractorContext): Option[] | undefined {
  const count = context.count ?? 3;
  const valid = pool.filter(
    (option) =>
      compatible(answer, option) && !isVariant(answer, option) && !appearsIn(context.stemKey, option) && !echoesStem(answer, option, context.stemWords),
  );
  if (valid.length < count) return undefined;
  const scored = valid.map((option) => ({ option, score: closeness(answer, option) }));
  scored.sort((a, b) => (context.difficulty === 'easy' ? a.score - b.score : b.score - a.score) || a.option.key.localeCompare(b.option.key));
  const window = context.difficulty === 'medium' ? Math.max(count + 2, Math.ceil(scored.length / 2)) : Math.max(count + 1, Math.ceil(scored.length / 6));
  const ordered = [...shuffled(scored.slice(0, window), context.random), ...scored.slice(window)].map((entry) => entry.option);
  const chosen: Option[] = [];
  for (const option of ordered) {
    if (chosen.some((other) => isVariant(other, option))) continue;
    chosen.push(option);
    if (chosen.length === count) return chosen;
  }
  return undefined;
}
