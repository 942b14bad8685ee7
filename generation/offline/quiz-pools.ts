import { comparisonKey, comparisonTokens } from '../quality.ts';
import type { Analysis } from './analysis.ts';
import type { Definition } from './definitions.ts';
import { makeOption, type Option } from './distractors.ts';
import { isDoer, isDoerGenus } from './agent-nouns.ts';
import { isNameWord } from './commonness.ts';
import { hasVagueLead, isVagueWord, type Phrase } from './key-phrases.ts';
import { joinTokens, parseText, type Token } from './nlp.ts';
import { parseNumber } from './tables.ts';

// The options a quiz can draw on, grouped by family and built once per document: key phrases,
// defined terms, definitions, numbers and dates, and the values of each table column.

export type QuizPools = {
  terms: Map<string, Option[]>;
  /** Every term the document defines, names and common nouns alike: one family. */
  definedTerms: Option[];
  /**
   * The terms of the document's glossary lines ("uid: unique number…", "gid: …") by the section they
   * stand in: entries of one list ("Supported getaddrinfo flags" is one, "Error codes" another).
   */
  glossaryTermsBySection: Map<string, Option[]>;
  /** The meanings a glossary list gives its entries, by the section the list stands in. */
  glossaryDefinitionsBySection: Map<string, Option[]>;
  /** Defined terms whose definitions open with the same noun ("A program that…"), under that noun's lemma. */
  definedTermsByGenus: Map<string, Option[]>;
  definitions: Option[];
  /** The definitions' texts that read as meanings (`isMeaningOption`), read once for the document. */
  meanings: ReadonlySet<string>;
  entities: Map<string, Option[]>;
  /** Values of table `t` column `c`, under the key `t:c`. */
  columns: Map<string, Option[]>;
  /** Compounds by their head noun's lemma ("try clause", "else clause" under "clause"): things of one kind by their name. */
  byHead: Map<string, Option[]>;
  /** The same, of key phrases only: the concepts the document keeps coming back to. */
  keyPhrasesByHead: Map<string, Option[]>;
  /** What the text lists beside a phrase ("timeshift, fsarchiver, duplicity"): the surest sign of things of one kind. */
  siblingsOf: (key: string) => Option[];
};

export const SIBLING_FAMILY = 'term:sibling';

export const SAME_HEAD_FAMILY = 'term:same-head';

export const GLOSSARY_ENTRY_FAMILY = 'term:glossary-entry';

export const SAME_GENUS_FAMILY = 'term:same-genus';

/** Number-like entities a question can blank, and how they are told apart. */
export const QUIZ_ENTITY_TYPES = new Set(['DATE', 'CARDINAL', 'PERCENT', 'MONEY']);
const APPROXIMATORS = new Set([
  'about',
  'around',
  'roughly',
  'nearly',
  'almost',
  'approximately',
  'some',
  'over',
  'under',
  'only',
  'just',
  'more',
  'less',
  'than',
  'as',
  'little',
  'many',
  'in',
  'since',
  'by',
  'on',
]);
const MAX_DEFINITION_OPTION_CHARS = 150;
const MIN_DISTRACTOR_MENTIONS = 2;
const ENOUGH_RECURRING = 12;

export function termFamily(proper: boolean): string {
  return proper ? 'term:name' : 'term:common';
}

export function phraseOption(phrase: Phrase, text: string = phrase.display, plural?: boolean): Option {
  return makeOption(text, {
    family: termFamily(phrase.proper),
    // "sudo command" is a variant of "sudo program": both name one program.
    lemmas: new Set(phrase.concept === phrase.key ? phrase.lemmas : [phrase.concept]),
    head: phrase.lemmas.at(-1),
    doer: isDoer(phrase.lemmas.at(-1) ?? ''),
    tokenCount: phrase.tokenCount,
    plural,
    units: new Set(phrase.units.keys()),
    frequency: phrase.count,
    centrality: phrase.centrality,
    wordClass: 'noun',
    kinds: phrase.kinds,
    synonyms: phrase.synonyms,
    name: phrase.name,
  });
}

export const DEFINED_TERM_FAMILY = 'term:defined';

export function definedTermOption(analysis: Analysis, definition: Definition): Option {
  const phrase = analysis.phrases.byKey.get(definition.key);
  const unit = analysis.sentences[definition.sentenceId]?.unit;
  const option = phrase
    ? phraseOption(phrase, definition.term)
    : makeOption(definition.term, { family: DEFINED_TERM_FAMILY, units: new Set(unit === undefined ? [] : [unit]) });
  option.name ??= option.tokenCount === 1 && isNameWord(definition.term, option.key);
  option.doer = option.doer === true || isDoer(option.key.split(' ').at(-1) ?? '') || isDoerGenus(definition.genus);
  return { ...option, family: DEFINED_TERM_FAMILY, wordClass: wordClassOf(definition.term) };
}

/** A term read on its own: its last word an adjective or a participle ("contiguous", "interpreted") or else a noun. */
function wordClassOf(term: string): 'noun' | 'adjective' {
  const pos = parseText(term)[0]?.tokens.at(-1)?.pos;
  return pos === 'ADJ' || pos === 'VERB' ? 'adjective' : 'noun';
}

/** The number an entity states without words like "about" in front; undefined when it has no digits. */
export function entityAnswer(tokens: readonly Token[], start: number, end: number): { text: string; start: number } | undefined {
  let first = start;
  while (first <= end && APPROXIMATORS.has(tokens[first]?.lower ?? '')) first += 1;
  if (first > end) return undefined;
  const text = joinTokens(tokens.slice(first, end + 1));
  return /\d/.test(text) ? { text, start: first } : undefined;
}

/**
 * A definition that can stand as an answer to "What does X mean?": short enough, and saying what X is
 * rather than a statement with a subject of its own ("SequenceMatcher supports a heuristic that…", the
 * text under a heading "Automatic junk heuristic"), which reads as no meaning beside the others.
 */
export function isMeaningOption(text: string): boolean {
  if (text.length > MAX_DEFINITION_OPTION_CHARS) return false;
  const [first, second] = parseText(text)[0]?.tokens ?? [];
  // "Abbreviations describing the nature of the character": a participle after the noun describes it.
  const finite = second?.pos === 'AUX' || (second?.pos === 'VERB' && !/(?:ing|ed)$/.test(second.lower));
  return !((first?.pos === 'PROPN' || first?.pos === 'NOUN') && finite);
}

/** Labels whose number is a name, not a quantity ("PEP 3116", "section 8.2", "version 2", "RFC 1321"). */
const NUMBER_LABELS = /^(?:pep|rfc|section|chapter|page|figure|table|example|version|step|line|item|part|appendix|iso|ecma|bug|issue)$/i;
/**
 * A number that names rather than counts: a label's ("RFC 1321", "Python 3"), or a piece of a
 * written-together value ("350k", "X.509", the "1" of "1.1 million"). Neither an answer nor an option.
 */
export function isNumberName(tokens: readonly Token[], start: number, end: number): boolean {
  const before = tokens[start - 1];
  const after = tokens[end + 1];
  if (before && (NUMBER_LABELS.test(before.text) || before.pos === 'PROPN')) return true;
  return (tokens[start]?.space === '' && /[\d.,]$/.test(before?.text ?? '')) || (after?.space === '' && /^\p{L}/u.test(after.text));
}

/**
 * A bare four-digit number from 1000 to 2099 is read as a year whatever the tagger called it, unless a
 * unit follows it (`next`): "2047 bytes" is a size.
 */
export function entityFamily(type: string, text: string, next?: Token): { family: string; value?: number; isYear: boolean } {
  if (/^(1\d|20)\d{2}$/.test(text) && next?.pos !== 'NOUN') return { family: 'year', value: Number(text), isYear: true };
  if (type === 'DATE') return { family: 'DATE', isYear: false };
  return { family: type, value: parseNumber(text), isYear: false };
}

function push<K>(map: Map<K, Option[]>, key: K, option: Option): void {
  const list = map.get(key);
  if (list) list.push(option);
  else map.set(key, [option]);
}

function entityOptions(analysis: Analysis): Map<string, Option[]> {
  type Tally = { text: string; family: string; value?: number; isYear: boolean; frequency: number; units: Set<number> };
  const tallies = new Map<string, Tally>();
  for (const sentence of analysis.sentences) {
    for (const entity of sentence.entities) {
      if (!QUIZ_ENTITY_TYPES.has(entity.type)) continue;
      const answer = entityAnswer(sentence.tokens, entity.start, entity.end);
      if (!answer || isNumberName(sentence.tokens, answer.start, entity.end)) continue;
      const kind = entityFamily(entity.type, answer.text, sentence.tokens[entity.end + 1]);
      const key = `${kind.family}|${comparisonKey(answer.text)}`;
      const tally = tallies.get(key) ?? { text: answer.text, ...kind, frequency: 0, units: new Set<number>() };
      tally.frequency += 1;
      tally.units.add(sentence.unit);
      tallies.set(key, tally);
    }
  }
  const grouped = new Map<string, Option[]>();
  for (const { text, ...traits } of tallies.values()) push(grouped, traits.family, makeOption(text, traits));
  return grouped;
}

function columnOptions(analysis: Analysis): Map<string, Option[]> {
  const columns = new Map<string, Option[]>();
  for (const table of analysis.tables) {
    const category = table.columns.findIndex((column) => column.categorical);
    table.columns.forEach((column, index) => {
      const seen = new Set<string>();
      column.values.forEach((value, row) => {
        if (!value.trim()) return;
        const option = makeOption(value, {
          family: `column:${table.id}:${index}`,
          value: column.numbers[row],
          group: category >= 0 && category !== index ? table.columns[category]?.values[row] : undefined,
          units: new Set([table.unit]),
        });
        if (seen.has(option.key)) return;
        seen.add(option.key);
        push(columns, `${table.id}:${index}`, option);
      });
    });
  }
  return columns;
}

const cache = new WeakMap<Analysis, QuizPools>();

export function quizPools(analysis: Analysis): QuizPools {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const terms = new Map<string, Option[]>();
  // A wrong option is a concept the document keeps coming back to, not a phrase it used once — where
  // it has enough of those; a short text offers what it has.
  const fitting = analysis.phrases.ranked.filter(
    (phrase) =>
      phrase.display.length <= 60 && !isVagueWord(phrase, { defined: analysis.definitionByKey.has(phrase.key), sentences: analysis.sentences.length }),
  );
  const recurring = fitting.filter((phrase) => phrase.count >= MIN_DISTRACTOR_MENTIONS);
  for (const phrase of recurring.length >= ENOUGH_RECURRING ? recurring : fitting) {
    push(terms, termFamily(phrase.proper), phraseOption(phrase, phrase.display, phrase.plural));
  }
  const definedTerms: Option[] = [];
  const glossaryTermsBySection = new Map<string, Option[]>();
  const definedTermsByGenus = new Map<string, Option[]>();
  const definitions: Option[] = [];
  const meanings = new Set<string>();
  const glossaryDefinitionsBySection = new Map<string, Option[]>();
  for (const definition of analysis.definitions) {
    const sentence = analysis.sentences[definition.sentenceId];
    const units = new Set(sentence ? [sentence.unit] : []);
    const term = definedTermOption(analysis, definition);
    definedTerms.push(term);
    if (definition.origin === 'glossary') push(glossaryTermsBySection, sentence?.section ?? '', { ...term, family: GLOSSARY_ENTRY_FAMILY });
    if (definition.genus) push(definedTermsByGenus, definition.genus, { ...term, family: SAME_GENUS_FAMILY });
    // "A working tree is clean, if…" beside the meaning of "pack": a meaning whose first clause names
    // its own term is plainly another term's, as an answer or as a wrong option. ("An integer, each bit
    // representing a different attribute" names its term only in passing.)
    const firstClause = comparisonTokens(definition.text.split(/[,;:]/, 1)[0] ?? '');
    const namesItsTerm = comparisonTokens(definition.term).every((word) => firstClause.includes(word));
    if (isMeaningOption(definition.text) && !namesItsTerm) {
      meanings.add(definition.text);
      const meaning = makeOption(definition.text, { family: 'definition', units, tokenCount: 0 });
      definitions.push(meaning);
      if (definition.origin === 'glossary') push(glossaryDefinitionsBySection, sentence?.section ?? '', meaning);
    }
  }
  const byHead = new Map<string, Option[]>();
  const keyPhrasesByHead = new Map<string, Option[]>();
  for (const phrase of analysis.phrases.byKey.values()) {
    const head = phrase.lemmas.at(-1);
    // "given argument", "certain packages": a phrase led by a vague word names no concept of its head's kind.
    if (!head || !(phrase.keyPhrase || phrase.tokenCount > 1) || phrase.piece || phrase.display.length > 60 || hasVagueLead(phrase.key)) continue;
    const option = { ...phraseOption(phrase, phrase.display, phrase.plural), family: SAME_HEAD_FAMILY };
    push(byHead, head, option);
    if (phrase.keyPhrase) push(keyPhrasesByHead, head, option);
  }
  const siblings = new Map<string, Option[]>();
  const siblingsOf = (key: string): Option[] => {
    const cached = siblings.get(key);
    if (cached) return cached;
    const options = [...(analysis.phrases.siblings.get(key) ?? [])].flatMap((other) => {
      const phrase = analysis.phrases.byKey.get(other);
      const vague = !phrase?.keyPhrase || isVagueWord(phrase, { defined: analysis.definitionByKey.has(phrase.key), sentences: analysis.sentences.length });
      return phrase && !vague && phrase.display.length <= 60 ? [{ ...phraseOption(phrase, phrase.display, phrase.plural), family: SIBLING_FAMILY }] : [];
    });
    siblings.set(key, options);
    return options;
  };
  const pools = {
    terms,
    definedTerms,
    glossaryTermsBySection,
    glossaryDefinitionsBySection,
    definedTermsByGenus,
    definitions,
    meanings,
    entities: entityOptions(analysis),
    columns: columnOptions(analysis),
    byHead,
    keyPhrasesByHead,
    siblingsOf,
  };
  cache.set(analysis, pools);
  return pools;
}
