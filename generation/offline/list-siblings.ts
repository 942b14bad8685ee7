import type { Token } from './nlp.ts';

// Things a sentence lists side by side ("timeshift, fsarchiver, duplicity, or even dd", "loggers,
// handlers, filters and formatters") are things of one kind: the surest sign of kind a text gives,
// and so the first wrong options for one another (./quiz-pools.ts).

/** A phrase's place in its sentence (token indices) and its key. */
type Occurrence = { start: number; end: number; key: string };

const GOVERNING = new Set(['VERB', 'AUX', 'ADP']);
const ACTING = new Set(['VERB', 'AUX']);

/** The index of the last token before `at` that is not a determiner or an adjective. */
function previousWord(tokens: readonly Token[], at: number): number {
  let index = at - 1;
  while (tokens[index]?.pos === 'DET' || tokens[index]?.pos === 'ADJ') index -= 1;
  return index;
}

/** Words that may stand between two items of a list: "A, B, and the C", "A or even B". */
const LIST_GLUE = new Set([',', 'and', 'or', 'nor', 'the', 'a', 'an', 'even', 'also']);
const LIST_JOINS = new Set([',', 'and', 'or', 'nor']);

/** Records the phrases a sentence lists side by side (a run joined by commas, "and", "or") as each other's siblings. */
export function listSiblings(tokens: readonly Token[], spans: readonly Occurrence[], siblings: Map<string, Set<string>>): void {
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  const joined = (left: Occurrence, right: Occurrence) => {
    const between = tokens.slice(left.end + 1, right.start).map((token) => token.lower);
    if (between.length === 0 || !between.every((word) => LIST_GLUE.has(word)) || !between.some((word) => LIST_JOINS.has(word))) return false;
    // "… holds the operating system, and the boot disk holds …": an object, then the subject of the next clause.
    const nextClause = ACTING.has(tokens[right.end + 1]?.pos ?? '') && GOVERNING.has(tokens[previousWord(tokens, left.start)]?.pos ?? '');
    return !nextClause;
  };
  let run: string[] = [];
  ordered.forEach((span, index) => {
    const previous = ordered[index - 1];
    if (previous && joined(previous, span)) run.push(span.key);
    else {
      if (run.length > 1) recordSiblings(run, siblings);
      run = [span.key];
    }
  });
  if (run.length > 1) recordSiblings(run, siblings);
}

/** Makes the keys of one list each other's siblings. */
function recordSiblings(keys: readonly string[], siblings: Map<string, Set<string>>): void {
  for (const key of keys) {
    const set = siblings.get(key) ?? new Set<string>();
    for (const other of keys) if (other !== key) set.add(other);
    siblings.set(key, set);
  }
}

/** The first sentence of a bulleted entry, and the phrases it names (as the phrase index found them). */
type Entry = { block: number; tokens: readonly Token[]; spans: readonly Occurrence[] };

const MIN_BULLETED_ENTRIES = 3;

/**
 * What each entry of a bulleted list is about: the label before its colon ("• auth: …") or the phrase
 * it opens with ("• The scheduler runs…").
 */
function leadOf({ tokens, spans }: Entry): string | undefined {
  const start = tokens[0]?.pos === 'DET' ? 1 : 0;
  const colon = tokens.findIndex((token) => token.text === ':');
  const labelled = colon > 0 ? spans.find((span) => span.end === colon - 1 && span.start <= start + 1) : undefined;
  return (labelled ?? spans.find((span) => span.start === start))?.key;
}

/**
 * The entries of one bulleted list (blocks next to each other) are things of one kind, like the
 * items of a sentence's list: their leads become each other's siblings.
 */
export function bulletSiblings(entries: readonly Entry[], siblings: Map<string, Set<string>>): void {
  let run: string[] = [];
  const close = () => {
    const leads = [...new Set(run)];
    if (leads.length >= MIN_BULLETED_ENTRIES) recordSiblings(leads, siblings);
    run = [];
  };
  entries.forEach((entry, index) => {
    if (index > 0 && entry.block !== (entries[index - 1]?.block ?? 0) + 1) close();
    // An entry whose lead the tagger does not read as a noun ("kern") still belongs to the list.
    const lead = leadOf(entry);
    if (lead) run.push(lead);
  });
  close();
}
