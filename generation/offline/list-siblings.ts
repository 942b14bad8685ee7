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
  const close = () => {
    for (const key of run) {
      const set = siblings.get(key) ?? new Set<string>();
      for (const other of run) if (other !== key) set.add(other);
      siblings.set(key, set);
    }
  };
  ordered.forEach((span, index) => {
    const previous = ordered[index - 1];
    if (previous && joined(previous, span)) run.push(span.key);
    else {
      if (run.length > 1) close();
      run = [span.key];
    }
  });
  if (run.length > 1) close();
}
