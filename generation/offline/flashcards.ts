import type { Difficulty, Flashcard, FlashcardSetContent, SourceReference } from '../../domain/learning-content.ts';
import { GenerationError } from '../../ports/generator.ts';
import { cardTextViolations, comparisonKey, comparisonTokens, isNearDuplicate } from '../quality.ts';
import { sentenceReference, sourceReference, type Analysis } from './analysis.ts';
import type { Sentence } from './document-parts.ts';
import { describedEntries, entryName, withoutBackPointer } from './entry-questions.ts';
import { manualEntriesOf } from './manual-entries.ts';
import { describeRow } from './tables.ts';

// Term/definition cards, from what the document states itself.
//
// How many cards: base = clamp(max(round(words / 120), explicit pairs), 5, 40), where explicit pairs
// are glossary lines, definitional sentences, table rows and a reference's entries that open with
// what they do ("os.freemem: Returns the amount of free system memory in bytes as an integer."); easy
// asks for 3/4 of the base, hard for 5/4 (at most 40), and the set holds min(that, distinct cards the
// text supports). So a 1,400-word chapter with 18 definitions gets 14 / 18 / 23 cards, a 30-term
// glossary 23 / 30 / 38, a 40-row sheet 30 / 40 / 40, a 100-page book 30 / 40 / 40 — at most the
// definitions, rows and entries there are.
//
// Difficulty also picks which cards: easy favours the document's central terms, hard its more
// detailed (less central) ones; explicit definitions come first at every level.

const WORDS_PER_CARD = 120;
const MIN_CARDS = 5;
const MAX_CARDS = 40;

type Candidate = {
  term: string;
  definition: string;
  source: SourceReference;
  centrality: number;
  explicit: boolean;
  position: number;
};

const DIFFICULTY_SHARE: Record<Difficulty, number> = { easy: 0.75, medium: 1, hard: 1.25 };

/** How many cards to aim for (the rule above), of `explicit` pairs; fewer when the text supports fewer. */
function flashcardTarget(analysis: Analysis, difficulty: Difficulty, explicit: number): number {
  const base = Math.min(MAX_CARDS, Math.max(MIN_CARDS, Math.round(analysis.wordCount / WORDS_PER_CARD), explicit));
  return Math.min(MAX_CARDS, Math.max(MIN_CARDS, Math.round(base * DIFFICULTY_SHARE[difficulty])));
}

function definitionCandidates(analysis: Analysis): Candidate[] {
  return analysis.definitions.flatMap((definition) => {
    const sentence = analysis.sentences[definition.sentenceId];
    if (!sentence) return [];
    const phrase = analysis.phrases.byKey.get(definition.key);
    const floor = definition.origin === 'glossary' ? 0.5 : 0;
    return [
      {
        term: definition.term,
        definition: definition.text,
        source: sourceReference(analysis, sentence.unit, sentence.section, definition.quote, definition.term),
        centrality: Math.max(floor, phrase?.centrality ?? 0),
        explicit: true,
        position: definition.sentenceId,
      },
    ];
  });
}

function rowCandidates(analysis: Analysis): Candidate[] {
  const afterText = analysis.sentences.length;
  return analysis.tables
    .flatMap((table) =>
      table.rows.map((row, index) => {
        const term = table.columns[table.keyColumn]?.values[index] ?? '';
        return {
          term,
          definition: describeRow(table, index),
          source: sourceReference(analysis, table.unit, table.title, row.line, term),
          // Sheets tend to list their main rows first.
          centrality: 1 - index / Math.max(1, table.rows.length),
          explicit: true,
          position: afterText + table.id * 100_000 + index,
        };
      }),
    )
    .filter((candidate) => candidate.term && candidate.definition);
}

/** "xdrlib.ConversionError: Class derived from Error.", "Subclass of OSError.": the class it comes from, nothing of what it is for. */
const ONLY_ITS_BASE = /^(?:an?\s+)?(?:(?:class|exception)\s+(?:derived|inherited)\s+from|subclass\s+of)\s+[\w.]+\.?$/i;

/**
 * "DateTime: This class may be initialized with seconds since the epoch…", "This method should only be called
 * by Executor implementations…": how the entry is made or who calls it, nothing of what it is or does.
 */
const ONLY_HOW_IT_IS_USED =
  /^this\s+(?:class|method|function)\s+(?:may|can|should|must)\s+(?:only\s+)?be\s+(?:initiali[sz]ed|instantiated|constructed|called\s+by)\b/i;
/** "Pickler.persistent_id: Do nothing by default.", "…: Raise an UnpicklingError by default.": what a hook does until overridden, not what it is for. */
const ONLY_ITS_DEFAULT = /^(?:do nothing|raise\s+(?:an?\s+)?\w+|return\s+(?:none|true|false))\s+by default\.?$/i;

/**
 * "NNTP.date: Return a pair (response, date).", "BaseCookie.value_encode: Return a tuple (real_value,
 * coded_value).": the shape of what the entry returns, and nothing of what that is.
 */
function onlyItsShape(description: string): boolean {
  return /^returns?\s+an?\s+(?:pair|tuple|triple|list)\s*\([^()]*\)\s*\.?$/i.test(description.trim());
}

/** A reference's entry by its name, with what its first sentence says it does: what a reader of an API learns first. */
function entryCandidates(analysis: Analysis): Candidate[] {
  return describedEntries(analysis)
    .flat()
    .flatMap((entry) => {
      const term = entryName(entry);
      const text = withoutBackPointer(entry.sentence.text);
      if (
        !entry.does ||
        onlyMakesItself(term, text) ||
        ONLY_ITS_BASE.test(text) ||
        ONLY_HOW_IT_IS_USED.test(text) ||
        ONLY_ITS_DEFAULT.test(text) ||
        onlyItsShape(text)
      )
        return [];
      return [
        {
          term,
          definition: withoutBackPointer(withOtherCases(analysis, entry.sentence)),
          source: sentenceReference(analysis, entry.sentence, entry.member),
          // No phrase ranks an entry against the text's concepts: each of a reference's entries counts alike.
          centrality: ENTRY_CENTRALITY,
          explicit: true,
          position: entry.sentence.id,
        },
      ];
    });
}

const ENTRY_CENTRALITY = 0.5;

/**
 * "GIT_AUTHOR_IDENT: The author of a piece of code.": a variable a program's manual page lists, with what it
 * holds. Its commands and options ("git am --signoff: Add a Signed-off-by trailer…") are carded as entries.
 */
function manualCandidates(analysis: Analysis): Candidate[] {
  return manualEntriesOf(analysis)
    .filter((entry) => entry.kind === 'variable')
    .map((entry) => ({
      term: entry.name,
      definition: entry.sentence.text,
      source: sentenceReference(analysis, entry.sentence, entry.name),
      centrality: ENTRY_CENTRALITY,
      explicit: true,
      position: entry.sentence.id,
    }));
}
/** "Returns 6 if input is an IPv6 address.": one case of what an entry gives; "Otherwise, returns 0." the last. */
const CASE = /^(?:returns?\b.*\bif\b|otherwise\b)/i;
const MAX_CASES = 4;

/**
 * "net.isIP: Returns 6 if input is an IPv6 address. Returns 4 if … Otherwise, returns 0.": a first sentence
 * that gives one case of several says the entry is what it is not (a test for IPv6); the card gives every case.
 */
function withOtherCases(analysis: Analysis, first: Sentence): string {
  if (!CASE.test(first.text)) return first.text;
  const cases = [first];
  let next = analysis.sentences[first.id + 1];
  while (next && next.block === first.block && CASE.test(next.text) && cases.length < MAX_CASES) {
    cases.push(next);
    next = analysis.sentences[next.id + 1];
  }
  return cases.map((sentence) => sentence.text).join(' ');
}
/** What a constructor's description says besides the name of what it makes. */
const MAKING_WORDS = new Set([
  'create',
  'creates',
  'construct',
  'constructs',
  'return',
  'returns',
  'and',
  'a',
  'an',
  'new',
  'the',
  'of',
  'instance',
  'object',
  'class',
  'get',
  'gets',
  'for',
  'this',
  'which',
  'represents',
  'does',
  'performs',
]);

/**
 * "zlib.createDeflate: Creates and returns a new Deflate object.", "pprint.PrettyPrinter: Construct a
 * PrettyPrinter instance.", "URLError.reason: The reason for this error.", "mime.essence: Gets the
 * essence of the MIME.", "chunk.Chunk: Class which represents a chunk.", "RotatingFileHandler.doRollover: Does a
 * rollover.": a description that only says the entry makes, gives or does what it is named after teaches
 * nothing the term does not.
 */
function onlyMakesItself(term: string, definition: string): boolean {
  const name = term.toLowerCase();
  return (
    definition
      .replace(/\.$/, '')
      .split(/\s+/)
      // "Create the branch’s reflog." of "git branch --create-reflog": a possessive is its word.
      .map((word) => word.toLowerCase().replace(/['’]s$/, ''))
      .every((word) => MAKING_WORDS.has(word) || name.includes(word))
  );
}

function preference(candidate: Candidate, difficulty: Difficulty): number {
  const explicit = candidate.explicit ? 1 : 0;
  if (difficulty === 'easy') return candidate.centrality + explicit;
  if (difficulty === 'hard') return 1 - candidate.centrality + explicit;
  return 0.5 * candidate.centrality + explicit;
}

/** "plistlib.loads", "os.path": a name from code, where "loads" is no plural of "load". */
const isCodeName = (term: string) => /^[\w$.]+$/u.test(term) && /[._]/.test(term);

/** A term whose words all belong to a chosen term ("cycle" after "Calvin cycle") adds nothing. */
function overlapsTerm(candidate: Candidate, chosen: readonly Candidate[]): boolean {
  const words = comparisonTokens(candidate.term);
  return chosen.some((card) => {
    const other = new Set(comparisonTokens(card.term));
    const same =
      isCodeName(card.term) && isCodeName(candidate.term) ? card.term === candidate.term : comparisonKey(card.term) === comparisonKey(candidate.term);
    return same || (!candidate.explicit && words.every((word) => other.has(word)));
  });
}

export function generateFlashcards(analysis: Analysis, input: { sourceTitle: string; difficulty: Difficulty }): FlashcardSetContent {
  // Only what the document states as a definition (or a table row): a sentence that merely mentions a
  // key phrase makes a card a teacher would not keep, so a set is smaller rather than padded.
  const candidates = [...definitionCandidates(analysis), ...rowCandidates(analysis), ...entryCandidates(analysis), ...manualCandidates(analysis)].filter(
    (candidate) => cardTextViolations(candidate.term, candidate.definition).length === 0,
  );
  if (candidates.length === 0) {
    throw new GenerationError('the source states no terms or definitions to make flashcards from');
  }
  const count = flashcardTarget(analysis, input.difficulty, candidates.length);
  const ranked = [...candidates].sort((a, b) => preference(b, input.difficulty) - preference(a, input.difficulty) || a.position - b.position);
  const chosen: Candidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= count) break;
    if (overlapsTerm(candidate, chosen)) continue;
    if (chosen.some((card) => isNearDuplicate(`${card.term} ${card.definition}`, `${candidate.term} ${candidate.definition}`))) continue;
    chosen.push(candidate);
  }
  const cards: Flashcard[] = chosen
    .sort((a, b) => a.position - b.position)
    .map((candidate, index) => ({
      id: `card-${index + 1}`,
      term: candidate.term,
      definition: candidate.definition.replace(FOOTNOTE_MARKS, ''),
      source: candidate.source,
    }));
  return { title: `Flashcards: ${input.sourceTitle}`, cards };
}

/** "…all cased characters [4] in the string…": a footnote's mark, which points at a note the card does not show. */
const FOOTNOTE_MARKS = /\s\[\d{1,2}\](?=[\s.,;:]|$)/g;
