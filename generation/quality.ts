import { FlashcardSetContent, MindmapContent, QuizContent, type QuizQuestion, type SourceReference } from '../domain/learning-content.ts';
import { GenerationError } from '../ports/generator.ts';

// Quality rules every generator's output passes before it is stored. They look only at the output
// (never at how it was made), so the offline generator and Gemini are held to the same bar.
// Each check returns readable violations; an empty list means the output may be stored.

export type QualityViolation = string;

// ---------------------------------------------------------------------------------------------
// Text comparison shared by the rules (and by generators that want to avoid breaking them).

const DIACRITICS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

/** A crude singular form, applied to both sides of a comparison so "cells" and "cell" match. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Lower-cased words without punctuation, diacritics or plural endings. */
export function comparisonTokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(DIACRITICS, '')
    .toLowerCase()
    .split(NON_WORD)
    .filter((word) => word.length > 0)
    .map(singular);
}

/** The text reduced so that case, whitespace, punctuation and plural variants compare equal. */
export function comparisonKey(text: string): string {
  return comparisonTokens(text).join(' ');
}

function tokenJaccard(leftTokens: readonly string[], rightTokens: readonly string[]): number {
  const left = new Set(leftTokens);
  const right = new Set(rightTokens);
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const token of left) if (right.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}

function indexOfSequence(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0 || needle.length > haystack.length) return -1;
  outer: for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

/** Whether `phrase` occurs in `text` as whole words, ignoring case, punctuation and plurals. */
export function containsPhrase(text: string, phrase: string): boolean {
  return indexOfSequence(comparisonTokens(text), comparisonTokens(phrase)) >= 0;
}

const NEAR_DUPLICATE_JACCARD = 0.8;
const MIN_CONTAINED_TOKENS = 3;

/**
 * Two texts say the same thing when their word sets overlap by Jaccard ≥ 0.8, or when one (of at
 * least three words, so short labels do not collide) appears word for word inside the other.
 */
export function isNearDuplicate(a: string, b: string): boolean {
  return areNearDuplicates(comparisonTokens(a), comparisonTokens(b));
}

/** The same test on texts already reduced by `comparisonTokens`: one text is compared with many at the cost of reducing each once. */
export function areNearDuplicates(left: readonly string[], right: readonly string[]): boolean {
  if (tokenJaccard(left, right) >= NEAR_DUPLICATE_JACCARD) return true;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  return shorter.length >= MIN_CONTAINED_TOKENS && indexOfSequence(longer, shorter) >= 0;
}

// ---------------------------------------------------------------------------------------------
// Shared rules.

function schemaViolations(result: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }): QualityViolation[] {
  if (result.success || !result.error) return [];
  return result.error.issues.map((issue) => `shape: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}

function duplicateIdViolations(kind: string, ids: readonly string[]): QualityViolation[] {
  const seen = new Set<string>();
  const violations: QualityViolation[] = [];
  for (const id of ids) {
    if (seen.has(id)) violations.push(`${kind} id "${id}" is used more than once`);
    seen.add(id);
  }
  return violations;
}

function sourceViolations(label: string, source: SourceReference | undefined): QualityViolation[] {
  if (!source) return [`${label} has no source reference`];
  const violations: QualityViolation[] = [];
  if (source.page === undefined && !source.section?.trim()) violations.push(`${label} source names neither a page nor a section`);
  if (!source.excerpt.trim()) violations.push(`${label} source has an empty excerpt`);
  return violations;
}

// ---------------------------------------------------------------------------------------------
// Flashcards.

/** "git am --signoff": a program's option by its name, what a card about a command-line tool teaches. */
const PROGRAM_OPTION = /^[\w-]+(?: [\w-]+)? --[a-z][\w-]*$/;
/** "Which git tag option…", "Which gzip option…": a question that asks for one of a program's options. */
const ASKS_FOR_AN_OPTION = /^Which [\w-]+(?: [\w-]+)? option /;

/** What makes a card's text unfit whatever its form: code instead of a term, a definition cut from mid-sentence. */
export function cardTextViolations(term: string, definition: string): QualityViolation[] {
  const violations: QualityViolation[] = [];
  if ((looksLikeCode(term) && !PROGRAM_OPTION.test(term)) || looksLikeCode(definition)) violations.push('is a line of code, not a term and its definition');
  if (/^\p{Ll}/u.test(definition.trim())) violations.push('has a definition that starts mid-sentence');
  // "A bit older than master).": the end of a parenthesis whose start the definition left behind (a quote
  // may stand for itself: "a quotation mark (”)").
  if (!bracketsBalanced(definition)) violations.push('has unbalanced brackets in its definition');
  // "…taking into account any "url.": a definition cut inside a quotation.
  if ((definition.match(/"/g) ?? []).length % 2 !== 0) violations.push('has unbalanced quotes in its definition');
  return violations;
}

export function checkFlashcards(content: FlashcardSetContent): QualityViolation[] {
  const parsed = FlashcardSetContent.safeParse(content);
  if (!parsed.success) return schemaViolations(parsed);
  const { cards } = parsed.data;
  const violations = duplicateIdViolations(
    'card',
    cards.map((card) => card.id),
  );
  cards.forEach((card, index) => {
    const label = `card ${card.id}`;
    if (!card.term.trim()) violations.push(`${label} has an empty term`);
    if (!card.definition.trim()) violations.push(`${label} has an empty definition`);
    if (comparisonKey(card.term) === comparisonKey(card.definition)) violations.push(`${label} defines the term by itself`);
    violations.push(...cardTextViolations(card.term, card.definition).map((violation) => `${label} ${violation}`));
    violations.push(...sourceViolations(label, card.source));
    for (const other of cards.slice(0, index)) {
      const sameTerm = comparisonKey(card.term) === comparisonKey(other.term);
      if (sameTerm || isNearDuplicate(`${card.term} ${card.definition}`, `${other.term} ${other.definition}`)) {
        violations.push(`${label} duplicates card ${other.id}`);
      }
    }
  });
  return violations;
}

// ---------------------------------------------------------------------------------------------
// Quizzes.

const CATCH_ALL_OPTION = /\b(all|none|both|neither) of (the )?(above|below|these|those|them|options|answers)\b|^\s*(both|neither)\b/i;

/**
 * Most uses one correct position may have in a quiz of `n` questions: an even share plus one
 * (e.g. 10 questions → at most 4 at any index). Quizzes of fewer than 4 questions are exempt.
 * From 8 questions on every position must also be used at least once.
 */
export function maxUsesOfCorrectPosition(numberOfQuestions: number): number {
  return numberOfQuestions < 4 ? numberOfQuestions : Math.ceil(numberOfQuestions / 4) + 1;
}

const NUMBERING_BLANK = /\b(section|example|chapter|figure|table|page|listing|step|appendix|part)\s+_{3,}/i;
/** Prompts, calls (with or without arguments: plot(f, y)), braces, assignments (also flags such as WITH_TLS=no), comparisons, indexing, pointers, command-line options and dotted names with a suffix ("module.function:start"). */
const CODE_TOKENS =
  /(>>>|\w\.\w+:\w|\(\)|\w\([^()\s]*(?:,\s?[^()]*)?\)|[{}]|\s=\s|\w=\w|::|\|\s|=>|\$\s|!=|==|->|\w\[|(?:^|\s)--?[a-z]\w*\b(?!-)|\s\*\s?\w|\w\s?\*\s)/i;

export function looksLikeCode(text: string): boolean {
  return CODE_TOKENS.test(text);
}

/** Whether each of the opening characters is closed, in order, by one of the closing ones. */
const closes = (text: string, opening: string, closing: string) => {
  let depth = 0;
  for (const char of text) {
    if (opening.includes(char)) depth++;
    if (closing.includes(char)) depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
};
const bracketsBalanced = (text: string) => closes(text, '([', ')]');
// Typographic quotes open and close as brackets do: "VT-x” or “SVM mode”" is cut from inside a quotation.
const balanced = (text: string) => (text.match(/"/g) ?? []).length % 2 === 0 && bracketsBalanced(text) && closes(text, '“', '”');

/** A property named by its dot (".searchParams"), camel-cased as code names are; ".bashrc" is a file's name. */
const PROPERTY_ACCESS = /(?:^|\s)\.\p{Ll}+\p{Lu}\w*/u;
/** A quoted name, or a table's description ("Which file is described as "list of configuration files"?"), which may open in lower case. */
const QUOTES_A_NAME = /^(?:What does "[^"]+" mean|Which statement about "[^"]+" is true|What is the [^"]+ for ".+"|Which [^"]+ is described as ".+")\?$/s;

/**
 * What makes a question unfit whatever generated it (issue 11's lint): a stem that is no sentence (a
 * fragment cut from a broken line, unbalanced quotes or brackets, code), a blank that asks for a
 * section or example number, a term of one or two characters, options that are code or fragments.
 * Lint is not the judgement of a reader; it catches what was seen failing.
 */
export function wellFormednessViolations(stem: string, options: readonly string[]): QualityViolation[] {
  const violations: QualityViolation[] = [];
  const quoted = /"(.+)"/s.exec(stem)?.[1] ?? stem;
  // A quoted term or topic ("What does "namespace" mean?") is a name, not a sentence: it may open in lower case.
  if (!QUOTES_A_NAME.test(stem)) {
    if (/^[a-z(]/.test(quoted)) violations.push('the stem starts mid-sentence');
    if (/^(This|These|That|Those|It|They|Such)\b/.test(quoted)) violations.push('the stem leans on a sentence it does not show ("This…", "It…")');
  }
  if (!balanced(stem)) violations.push('the stem has unbalanced quotes or brackets');
  if (CODE_TOKENS.test(quoted) || PROPERTY_ACCESS.test(quoted)) violations.push('the stem contains code');
  if (NUMBERING_BLANK.test(stem)) violations.push('the blank asks for a section, example or page number');
  const term = /^What does "(.+)" mean\?$/.exec(stem)?.[1];
  if (term !== undefined && term.length <= 2) violations.push(`"${term}" is no term`);
  // "Which git tag option replaces an existing tag…?": a program's options, flags by their nature, are what it offers.
  const flag = (option: string) => ASKS_FOR_AN_OPTION.test(stem) && /^--[a-z][\w-]*$/.test(option);
  for (const option of options) {
    if (option.trim().length <= 1) violations.push(`option "${option}" is no concept`);
    else if ((CODE_TOKENS.test(option) && !flag(option)) || /^[(\[]/.test(option.trim())) violations.push(`option "${option}" is code or a fragment`);
    else if (option.split(/\s+/).length >= 6 && /^[a-z]/.test(option.trim())) violations.push(`option "${option.slice(0, 40)}" starts mid-sentence`);
  }
  return violations;
}

/** An acronym or code name ("BSD", "TCP", "IPv6") of `answer` that `text` names as a word of its own. */
function namesAcronymOf(text: string, answer: string): string | undefined {
  const acronyms = answer.match(/\b\p{Lu}[\p{Lu}\d]*\p{Lu}[\p{L}\d]*\b/gu) ?? [];
  return acronyms.find((acronym) => new RegExp(`(?<![\\p{L}\\d])${acronym}(?![\\p{L}\\d])`, 'u').test(text));
}

/**
 * The acronym a stem shares with its correct option and with none of the wrong ones ("…use of modified
 * BSD code…" → "BSD license" among "Artistic License", "GNU GPL"): a reader picks the answer by it.
 */
export function acronymGivenAway(stem: string, correct: string, wrong: readonly string[]): string | undefined {
  const named = namesAcronymOf(stem, correct);
  return named && !wrong.some((option) => namesAcronymOf(option, named)) ? named : undefined;
}

function questionViolations(question: QuizQuestion): QualityViolation[] {
  const label = `question ${question.id}`;
  const violations: QualityViolation[] = [];
  const keys = question.options.map(comparisonKey);
  if (keys.some((key) => key === '')) violations.push(`${label} has an option without any word or number`);
  else if (new Set(keys).size !== keys.length) {
    violations.push(`${label} has options that are not distinct (ignoring case, spacing, punctuation and plurals)`);
  }
  if (question.options.some((option) => CATCH_ALL_OPTION.test(option))) {
    violations.push(`${label} has an "all/none of the above" or "both" option`);
  }
  const correct = question.options[question.correctAnswerIndex];
  if (correct !== undefined && containsPhrase(question.question, correct)) {
    violations.push(`${label} states its correct answer "${correct}" in the question`);
  }
  const wrong = question.options.filter((_, index) => index !== question.correctAnswerIndex);
  const named = correct === undefined ? undefined : acronymGivenAway(question.question, correct, wrong);
  if (named) violations.push(`${label} gives its answer away: "${named}" is in the question and only in the correct option`);
  if (!question.explanation.trim()) violations.push(`${label} has no explanation`);
  violations.push(...wellFormednessViolations(question.question, question.options).map((violation) => `${label}: ${violation}`));
  violations.push(...sourceViolations(label, question.source));
  return violations;
}

function positionViolations(questions: readonly QuizQuestion[]): QualityViolation[] {
  const counts = [0, 0, 0, 0];
  for (const question of questions) counts[question.correctAnswerIndex] = (counts[question.correctAnswerIndex] ?? 0) + 1;
  const limit = maxUsesOfCorrectPosition(questions.length);
  const violations: QualityViolation[] = [];
  counts.forEach((count, index) => {
    if (count > limit) violations.push(`correct answers are unbalanced: index ${index} is correct ${count} times of ${questions.length} (at most ${limit})`);
    if (questions.length >= 8 && count === 0)
      violations.push(`correct answers are unbalanced: index ${index} is never correct in ${questions.length} questions`);
  });
  return violations;
}

export function checkQuiz(content: QuizContent, numberOfQuestions: number): QualityViolation[] {
  const parsed = QuizContent.safeParse(content);
  if (!parsed.success) return schemaViolations(parsed);
  const { questions } = parsed.data;
  const violations: QualityViolation[] = [];
  if (questions.length !== numberOfQuestions) {
    violations.push(`the quiz has ${questions.length} questions, ${numberOfQuestions} were asked for`);
  }
  violations.push(
    ...duplicateIdViolations(
      'question',
      questions.map((question) => question.id),
    ),
  );
  questions.forEach((question, index) => {
    violations.push(...questionViolations(question));
    for (const other of questions.slice(0, index)) {
      if (isNearDuplicate(question.question, other.question)) violations.push(`question ${question.id} duplicates question ${other.id}`);
    }
  });
  violations.push(...positionViolations(questions));
  return violations;
}

/**
 * Moves each question's correct answer to a position drawn from a balanced deck (0,1,2,3 repeated,
 * shuffled), so every index is about equally likely and the rule above always holds. Generators
 * whose model tends to put the answer first call this before the quality check.
 */
export function balanceCorrectPositions(questions: readonly QuizQuestion[], random: () => number = Math.random): QuizQuestion[] {
  const deck = questions.map((_, index) => index % 4);
  for (let index = deck.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [deck[index], deck[other]] = [deck[other] ?? 0, deck[index] ?? 0];
  }
  return questions.map((question, index) => {
    const target = deck[index] ?? 0;
    const correct = question.options[question.correctAnswerIndex];
    if (correct === undefined) return question;
    const others = question.options.filter((_, optionIndex) => optionIndex !== question.correctAnswerIndex);
    const options = [...others.slice(0, target), correct, ...others.slice(target)];
    return { ...question, options, correctAnswerIndex: target };
  });
}

// ---------------------------------------------------------------------------------------------
// Mindmaps.

export function checkMindmap(content: MindmapContent): QualityViolation[] {
  const parsed = MindmapContent.safeParse(content);
  if (!parsed.success) return schemaViolations(parsed);
  const { nodes, edges, rootId } = parsed.data;
  const violations = [
    ...duplicateIdViolations(
      'node',
      nodes.map((node) => node.id),
    ),
    ...duplicateIdViolations(
      'edge',
      edges.map((edge) => edge.id),
    ),
  ];
  const byId = new Map(nodes.map((node) => [node.id, node]));
  for (const node of nodes) if (!node.label.trim()) violations.push(`node ${node.id} has an empty label`);

  const roots = nodes.filter((node) => node.parentId === null);
  if (!byId.has(rootId)) violations.push(`rootId "${rootId}" is not a node`);
  if (roots.length !== 1) violations.push(`the mindmap has ${roots.length} nodes without a parent, exactly one (the root) is required`);
  else if (roots[0]?.id !== rootId) violations.push(`the node without a parent is "${roots[0]?.id}", not rootId "${rootId}"`);

  for (const node of nodes) {
    if (node.parentId !== null && !byId.has(node.parentId)) violations.push(`node ${node.id} has unknown parent "${node.parentId}"`);
  }

  const links = new Set(nodes.filter((node) => node.parentId !== null).map((node) => `${node.parentId}→${node.id}`));
  const edgeLinks = new Set<string>();
  for (const edge of edges) {
    const link = `${edge.source}→${edge.target}`;
    if (edgeLinks.has(link)) violations.push(`edge ${edge.id} repeats the link ${link}`);
    edgeLinks.add(link);
    if (!links.has(link)) violations.push(`edge ${edge.id} (${link}) does not match the target's parentId`);
  }
  for (const link of links) if (!edgeLinks.has(link)) violations.push(`the parent link ${link} has no edge`);

  // Walking up from every node must reach the root without revisiting a node.
  for (const node of nodes) {
    const visited = new Set<string>();
    let current: typeof node | undefined = node;
    while (current && current.parentId !== null) {
      if (visited.has(current.id)) {
        violations.push(`node ${node.id} is on a cycle`);
        break;
      }
      visited.add(current.id);
      current = byId.get(current.parentId);
    }
    if (current && current.parentId === null && current.id !== rootId && roots.length === 1) {
      violations.push(`node ${node.id} is not connected to the root`);
    }
  }
  return violations;
}

// ---------------------------------------------------------------------------------------------
// Enforcement.

const LISTED_VIOLATIONS = 5;

function enforce(kind: string, violations: readonly QualityViolation[], retryable: boolean): void {
  if (violations.length === 0) return;
  const listed = violations.slice(0, LISTED_VIOLATIONS).join('; ');
  const more = violations.length > LISTED_VIOLATIONS ? `; and ${violations.length - LISTED_VIOLATIONS} more` : '';
  throw new GenerationError(`the generated ${kind} broke ${violations.length} quality rule(s): ${listed}${more}`, { retryable });
}

/** `retryable`: whether generating again may pass (true for a model, false for a deterministic generator). */
export type EnforceOptions = { retryable?: boolean };

export function enforceFlashcardQuality(content: FlashcardSetContent, options: EnforceOptions = {}): void {
  enforce('flashcard set', checkFlashcards(content), options.retryable ?? false);
}

export function enforceQuizQuality(content: QuizContent, numberOfQuestions: number, options: EnforceOptions = {}): void {
  enforce('quiz', checkQuiz(content, numberOfQuestions), options.retryable ?? false);
}

export function enforceMindmapQuality(content: MindmapContent, options: EnforceOptions = {}): void {
  enforce('mindmap', checkMindmap(content), options.retryable ?? false);
}
