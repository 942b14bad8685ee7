import { performance } from 'node:perf_hooks';
import type { Difficulty, ExtractedContent, OutlineEntry } from '../domain/learning-content.ts';
import { createOfflineGenerator } from '../generation/offline/offline-generator.ts';
import { parseText } from '../generation/offline/nlp.ts';
import { checkFlashcards, checkMindmap, checkQuiz } from '../generation/quality.ts';
import { generationFixtures } from '../test/fixtures/generation/documents.ts';

// Offline generation on a 100-page document (~30,000 words built from the test fixtures with
// variations): time per resource type against the 1 s target, cold (the NLP pass included, on a
// fresh content object) and warm (the cached pass reused), and peak memory. The baseline measured
// in the same run is one bare wink-nlp parse of the same text: the floor any NLP-based generator pays.
//
//   node --expose-gc bench/offline-generation.ts [runs=5]

const TARGET_MS = 1000;
const PAGES = 100;
const runs = Number(process.argv[2] ?? 5);

function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Pages of ~300 words: fixture entries combined two or three to a page, renumbered and reordered. */
function hundredPages(): ExtractedContent {
  const entries = generationFixtures()
    .filter((fixture) => fixture.kind !== 'sheet')
    .flatMap((fixture) => fixture.content.outline.map((entry) => (entry.title ? `${entry.title}\n${entry.text}` : entry.text)));
  const outline: OutlineEntry[] = [];
  for (let page = 0; page < PAGES; page += 1) {
    const chapter = Math.floor(page / 10) + 1;
    const picks = [page, page * 7 + 3, ...(page % 3 === 0 ? [page * 5 + 1] : [])];
    const paragraphs = picks
      .map((pick) => entries[pick % entries.length])
      .join('\n\n')
      .replace(/\b5\.(\d)\b/g, `${chapter}.$1`)
      .replace(/\b(1[6-9]\d\d)\b/g, (year) => String(Number(year) + (page % 7)))
      .split(/\n\s*\n/);
    outline.push({ kind: 'page', index: page, text: `${seededShuffle(paragraphs, page + 1).join('\n\n')}\n${page + 1}` });
  }
  return { title: 'A Hundred Pages of Science and History', text: outline.map((entry) => entry.text).join('\n\n'), outline };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function fresh(content: ExtractedContent): ExtractedContent {
  return structuredClone(content);
}

const generator = createOfflineGenerator();
const document = hundredPages();
const words = document.text.split(/\s+/).filter(Boolean).length;
const difficulty: Difficulty = 'medium';
const base = { sourceTitle: document.title ?? 'Bench', difficulty };

const modelStart = performance.now();
parseText('Warm the model up.');
const modelLoadMs = performance.now() - modelStart;

// Memory: one document through all three generators, as a worker would do it.
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const single = fresh(document);
await generator.flashcards({ ...base, content: single });
await generator.quiz({ ...base, content: single, numberOfQuestions: 10 });
await generator.mindmap({ ...base, content: single });
gc?.();
const retainedMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
const peakAfterOneMb = process.resourceUsage().maxRSS / 1024;

const baseline: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const start = performance.now();
  for (const entry of document.outline) parseText(entry.text);
  baseline.push(performance.now() - start);
}

// The largest quiz: 50 questions, or as many as the document supports when that is fewer (the
// generator asks for two wrong options of shown kind for a blank, so a long document may support
// fewer); found once, outside the timings.
const largest = await generator
  .quiz({ ...base, content: fresh(document), numberOfQuestions: 50 })
  .then(() => 50)
  .catch((error: Error) => Number(/supports only (\d+)/.exec(error.message)?.[1] ?? 1));

type Kind = 'flashcards' | 'quiz (10)' | 'quiz (largest)' | 'mindmap';
const produce: Record<Kind, (content: ExtractedContent) => Promise<string[]>> = {
  flashcards: async (content) => checkFlashcards((await generator.flashcards({ ...base, content })).content),
  'quiz (10)': async (content) => checkQuiz((await generator.quiz({ ...base, content, numberOfQuestions: 10 })).content, 10),
  'quiz (largest)': async (content) => checkQuiz((await generator.quiz({ ...base, content, numberOfQuestions: largest })).content, largest),
  mindmap: async (content) => checkMindmap((await generator.mindmap({ ...base, content })).content),
};

const results: Array<{ kind: Kind; cold: number; warm: number }> = [];
for (const kind of Object.keys(produce) as Kind[]) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const content = fresh(document);
    let start = performance.now();
    const violations = await produce[kind](content);
    cold.push(performance.now() - start);
    if (violations.length > 0) throw new Error(`${kind} broke the quality rules: ${violations.join('; ')}`);
    start = performance.now();
    await produce[kind](content);
    warm.push(performance.now() - start);
  }
  results.push({ kind, cold: median(cold), warm: median(warm) });
}

const baselineMs = median(baseline);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
const format = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
console.log(`document: ${document.outline.length} pages, ${words} words; ${runs} runs each, medians; Node ${process.version}`);
console.log(`model load (once per process): ${modelLoadMs.toFixed(0)} ms`);
console.log(`baseline, bare wink-nlp parse of every page: ${format(baselineMs)}`);
console.log('resource        cold (with NLP pass)  ×target  ×baseline   warm (cached pass)  ×target');
for (const { kind, cold, warm } of results) {
  console.log(
    `${kind.padEnd(15)} ${format(cold)}            ${(cold / TARGET_MS).toFixed(2).padStart(5)}    ${(cold / baselineMs).toFixed(2).padStart(5)}      ${format(warm)}          ${(warm / TARGET_MS).toFixed(2).padStart(5)}`,
  );
}
console.log(`quiz (largest): ${largest} questions, the most the document supports at medium (asked: 50)`);
console.log(`peak RSS after one document through all three generators: ${peakAfterOneMb.toFixed(0)} MB (whole process, model included)`);
console.log(
  gc ? `heap kept by the cached analysis of that document: ${retainedMb.toFixed(1)} MB` : 'run with --expose-gc to see the heap kept by the cached analysis',
);
console.log(`peak RSS after all timing runs: ${peakRssMb.toFixed(0)} MB`);
