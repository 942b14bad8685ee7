import type { Difficulty, SourceReference } from '../../domain/learning-content.ts';
import { comparisonTokens } from '../quality.ts';
import { sentenceReference, sourceReference, type Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import type { Definition } from './definitions.ts';
import { makeOption, type Option } from './distractors.ts';
import { isStatement } from './explanations.ts';
import { joinTokens, type Token } from './nlp.ts';
import {
  DEFINED_TERM_FAMILY,
  definedTermOption,
  entityAnswer,
  entityFamily,
  MAX_DEFINITION_OPTION_CHARS,
  phraseOption,
  QUIZ_ENTITY_TYPES,
  termFamily,
  type QuizPools,
} from './quiz-pools.ts';
import type { Table } from './tables.ts';
import { escapeRegExp, excerpt, lowerFirstUnlessAcronym } from './text.ts';
import { RARE_ZIPF, zipf } from './commonness.ts';

// Question candidates, each a fact the source states:
//   - a defined term ("Which term matches this definition: …?") or, easier, its definition;
//   - a key phrase or a number/date blanked out of one of its sentences;
//   - a cell of a table ("What is the capital of France?", "Which country has the capital Paris?").
// Which kinds a difficulty allows, and how much it prefers each, is set here: easy keeps to central
// definitions and terms and asks no numbers; hard prefers less central terms, numbers, dates and
// table figures. The question text is built only when the chooser gets to a candidate.

export type Question = {
  stem: string;
  answer: Option;
  /** Where distractors come from, tried in order; the answer counts as one of `family` there. */
  pools: ReadonlyArray<{ family: string; options: readonly Option[] }>;
  explanation: string;
  source: SourceReference;
};

export type Candidate = {
  kind: 'term' | 'meaning' | 'cloze' | 'number' | 'cell' | 'row';
  preference: number;
  /** Document order, for the order of the questions. */
  position: number;
  /** The sentence or table cell the question tests: one question per fact. */
  fact: string;
  question: () => Question;
};

type Build = { analysis: Analysis; pools: QuizPools; difficulty: Difficulty; titleWords: ReadonlySet<string>; pairs: ReadonlySet<string> };

const BLANK = '_____';
const MIN_CLOZE_WORDS = 8;
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
const ELSEWHERE = /\b(?:above|below|following|previous|preceding|example|e\.g|i\.e|see|cf|latter|former)\b/i;
/** "this chapter", "these files", "those servers": the stem points at text it does not show. */
const DEMONSTRATIVES = new Set(['this', 'these', 'those']);
const EARLY_TOKENS = 6;
/** The author talking ("I will make occasional use of…", "Let's begin"): remarks, not facts to test. */
const AUTHOR_VOICE = new Set(['I', 'me', 'my', "Let's", 'Let’s']);
/** Labels whose number is a name, not a quantity ("PEP 3116", "section 8.2", "version 2"). */
const NUMBER_LABELS = /^(?:pep|rfc|section|chapter|page|figure|table|example|version|step|line|item|part|appendix|iso|ecma|bug|issue)$/i;
const EASY_MIN_CENTRALITY = 0.5;

function byDifficulty(difficulty: Difficulty, values: { easy?: number; medium?: number; hard?: number }): number | undefined {
  return values[difficulty];
}

function quoteExplanation(quote: string, focus: string): string {
  return `The source says: "${excerpt(quote, focus, 240)}"`;
}

function maskTokens(tokens: readonly Token[], start: number, end: number): string {
  const blank: Token = { text: BLANK, lower: BLANK, lemma: BLANK, pos: 'X', stop: false, space: tokens[start]?.space ?? ' ' };
  return joinTokens([...tokens.slice(0, start), blank, ...tokens.slice(end + 1)]);
}

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
  if (termPreference !== undefined) {
    const phraseFamily = termFamily(phrase?.proper ?? /^\p{Lu}/u.test(definition.term));
    candidates.push({
      kind: 'term',
      preference: termPreference,
      position: definition.sentenceId,
      fact,
      question: () => ({
        stem: `Which term matches this definition: "${maskTerm(definition.text, definition.term)}"`,
        answer: definedTermOption(analysis, definition),
        // Other defined terms first; key phrases of the same sort when the document defines too few.
        pools: [
          { family: DEFINED_TERM_FAMILY, options: pools.definedTerms },
          { family: phraseFamily, options: pools.terms.get(phraseFamily) ?? [] },
        ],
        explanation: quoteExplanation(definition.quote, definition.term),
        source: source(),
      }),
    });
  }
  const meaningPreference = byDifficulty(difficulty, { easy: 0.9 + centrality, medium: 0.4 + 0.3 * centrality });
  if (meaningPreference !== undefined && definition.text.length <= MAX_DEFINITION_OPTION_CHARS) {
    candidates.push({
      kind: 'meaning',
      preference: meaningPreference,
      position: definition.sentenceId,
      fact,
      question: () => {
        const termWords = comparisonTokens(definition.term);
        return {
          stem: `What does "${definition.term}" mean?`,
          answer: makeOption(definition.text, { family: 'definition', units: new Set([sentence.unit]), tokenCount: 0 }),
          // A wrong definition that names the asked term would be confusing, not wrong.
          pools: [{ family: 'definition', options: pools.definitions.filter((option) => !termWords.every((word) => option.words.has(word))) }],
          explanation: `The source defines "${definition.term}": "${excerpt(definition.quote, definition.term, 240)}"`,
          source: source(),
        };
      },
    });
  }
  return candidates;
}

/** Each key phrase that occurs once in the sentence can be blanked; the chooser keeps one per sentence. */
function termClozes({ analysis, pools, difficulty, titleWords, pairs }: Build, sentence: Sentence): Candidate[] {
  const spans = analysis.phrases.inSentence.get(sentence.id) ?? [];
  const counts = new Map<string, number>();
  for (const span of spans) counts.set(span.key, (counts.get(span.key) ?? 0) + 1);
  return spans.flatMap((span): Candidate[] => {
    const phrase = analysis.phrases.byKey.get(span.key);
    if (!phrase?.keyPhrase || counts.get(span.key) !== 1 || !isWholeWord(sentence.tokens, span) || isCompoundTail(sentence.tokens, span.start, pairs))
      return [];
    // The document's own subject ("Python" in a Python tutorial) is a blank anybody fills, and so is an
    // everyday word ("the user", "the text"): a blank asks for a compound, a rare word or a defined term.
    if (titleWords.has(phrase.key)) return [];
    if (phrase.tokenCount === 1 && zipf(phrase.key) >= RARE_ZIPF && !analysis.definitionByKey.has(phrase.key)) return [];
    if (difficulty === 'easy' && phrase.centrality < EASY_MIN_CENTRALITY) return [];
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
            // A term the document defines stands among the other terms it defines (a glossary's entries),
            // before any phrase it merely uses.
            pools: [
              ...(analysis.definitionByKey.has(phrase.key) ? [{ family: DEFINED_TERM_FAMILY, options: pools.definedTerms }] : []),
              { family: answer.family, options: pools.terms.get(answer.family) ?? [] },
            ],
            explanation: quoteExplanation(sentence.text, surface),
            source: sentenceReference(analysis, sentence, surface),
          };
        },
      },
    ];
  });
}

/**
 * A sentence a blank can be made in: it says something whole by itself (no "This…", "…above", "for
 * example"), ends as a sentence does, and has a verb.
 */
function standsAlone(sentence: Sentence): boolean {
  const first = sentence.tokens[0]?.lower ?? '';
  if (sentence.tokens.some((token) => AUTHOR_VOICE.has(token.text) || DEMONSTRATIVES.has(token.lower))) return false;
  // A pronoun early in the sentence stands for something said before it ("The only difference is that it…").
  if (sentence.tokens.slice(0, EARLY_TOKENS).some((token) => token.lower === 'it' || token.lower === 'they')) return false;
  return !POINTING.has(first) && !ELSEWHERE.test(sentence.text) && /[.!?]["”’)]?$/.test(sentence.text.trim());
}

/** Word classes after which a blank starts a phrase of its own; after a noun or an adverb it is the tail of a compound ("finally _____"). */
const OPENS_PHRASE = new Set(['DET', 'ADP', 'VERB', 'AUX', 'PRON', 'CCONJ', 'SCONJ', 'PUNCT', 'PART', 'NUM']);

/**
 * A blank that completes a compound left standing in the stem asks for a word, not a concept: after a
 * noun or an adverb ("the finally _____"), or after a word the document writes before it elsewhere
 * too ("the except _____", "an if _____" → clause).
 */
function isCompoundTail(tokens: readonly Token[], start: number, pairs: ReadonlySet<string>): boolean {
  const before = tokens[start - 1];
  const first = tokens[start];
  if (!before || !first || !/\p{L}/u.test(before.text)) return false;
  return !OPENS_PHRASE.has(before.pos) || (before.pos !== 'DET' && pairs.has(`${before.lower} ${first.lemma}`));
}

/** Every pair of neighbouring words in the document, the second as its lemma. */
function wordPairs(analysis: Analysis): Set<string> {
  const pairs = new Set<string>();
  for (const { tokens } of analysis.sentences)
    for (let index = 1; index < tokens.length; index += 1) pairs.add(`${tokens[index - 1]?.lower} ${tokens[index]?.lemma}`);
  return pairs;
}

/** A phrase that is not a piece of a longer written unit ("org" of "security.debian.org", "xz" of "Packages.xz"). */
function isWholeWord(tokens: readonly Token[], span: { start: number; end: number }): boolean {
  const glued = (token: Token | undefined) => token !== undefined && token.space === '' && /^[\p{L}\p{N}._/-]/u.test(token.text);
  const before = tokens[span.start - 1];
  return !(span.start > 0 && tokens[span.start]?.space === '' && before && /[\p{L}\p{N}._/-]$/u.test(before.text)) && !glued(tokens[span.end + 1]);
}

/** A date, or a number that counts or measures something the sentence names ("128 ASCII symbols"); not a label's number. */
function isQuantity(type: string, tokens: readonly Token[], start: number, end: number): boolean {
  const before = tokens[start - 1];
  const after = tokens[end + 1];
  if (before && (NUMBER_LABELS.test(before.text) || before.pos === 'PROPN')) return false;
  return type === 'DATE' || (after !== undefined && (after.pos === 'NOUN' || after.text === '%'));
}

function entityClozes({ analysis, pools, difficulty }: Build, sentence: Sentence): Candidate[] {
  const preference = byDifficulty(difficulty, { hard: 0.8 });
  if (preference === undefined) return [];
  return sentence.entities.flatMap((entity): Candidate[] => {
    if (!QUIZ_ENTITY_TYPES.has(entity.type)) return [];
    const span = entityAnswer(sentence.tokens, entity.start, entity.end);
    if (!span || !isQuantity(entity.type, sentence.tokens, span.start, entity.end)) return [];
    return [
      {
        kind: 'number',
        preference,
        position: sentence.id,
        fact: `sentence:${sentence.id}`,
        question: () => {
          const kind = entityFamily(entity.type, span.text);
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
      if (columnIndex === table.keyColumn || !value || !key) return [];
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
            stem: `What is the ${header} of ${key}?`,
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
            stem: `Which ${lowerFirstUnlessAcronym(keyColumn.header)} has the ${header} ${value}?`,
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
  const build: Build = { analysis, pools, difficulty, titleWords, pairs: wordPairs(analysis) };
  const fromSentences = analysis.sentences.flatMap((sentence) =>
    isStatement(sentence) && sentence.words >= MIN_CLOZE_WORDS && standsAlone(sentence)
      ? [...termClozes(build, sentence), ...entityClozes(build, sentence)]
      : [],
  );
  return [
    ...analysis.definitions.flatMap((definition) => definitionCandidates(build, definition)),
    ...fromSentences,
    ...analysis.tables.flatMap((table) => tableCandidates(build, table)),
  ];
}
