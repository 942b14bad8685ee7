import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { difficulties, type ExtractedContent } from '../domain/learning-content.ts';
import { htmlToContent } from '../extraction/webpage.ts';
import { createFileExtractor } from '../extraction/file-extractor.ts';
import { createOfflineGenerator } from '../generation/offline/offline-generator.ts';
import { checkFlashcards, checkMindmap, checkQuiz } from '../generation/quality.ts';

// The judged evaluation of the offline generator (issue 11): real documents nobody on the team
// wrote (eval/corpus, provenance in eval/README.md) go through the service's own extraction and
// generation; every item is written to eval/review.jsonl, keyed by a hash of its text, and counted
// against the judgements a person recorded in eval/judgements.json by the rubric in eval/RUBRIC.md.
// Prints per document and overall: acceptable / judged, not yet judged, and the lint findings.
// Run: npm run eval:generation (or `npm run eval:generation -- .pdf`: only the documents whose file
// name contains the text, while trying a change to one format's reading).

/**
 * Which part of the corpus a document belongs to: the tuning part (read while the generator was
 * changed), a held-out part judged only at the end, or a held-out part that has been read since and
 * so is no longer a clean test (reported apart from both).
 */
type Part = 'tuning' | 'held out' | 'read held-out';
type Corpus = { file: string; kind: string; part?: Part; asWebPage?: boolean };
/** Quiz items and cards are kept or rejected; a mindmap gets a score of 0–5 by the rubric. */
type Judgement = { verdict: 'keep' | 'reject' | 'scored'; score?: number; note?: string };
type Item = { hash: string; legacyHash: string; document: string; resource: 'quiz' | 'flashcards' | 'mindmap'; difficulty: string; text: string };

const here = join(import.meta.dirname, '..', 'eval');
const only = process.argv[2] ?? '';
const corpus = (JSON.parse(await readFile(join(here, 'corpus.json'), 'utf8')) as Corpus[]).filter((entry) => entry.file.includes(only));
const judgements = JSON.parse(await readFile(join(here, 'judgements.json'), 'utf8').catch(() => '{}')) as Record<string, Judgement>;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
/**
 * What a judgement is about: a question's options in a fixed order (the correct one, then the others
 * sorted), since the order they are shown in changes nothing a reader judges. Judgements recorded
 * before items were keyed this way are found by the hash of the text as shown (`legacyHash`). Only a
 * question has options: a map whose root is a plain README's "* INTRODUCTION" is keyed by its whole text.
 */
const judgedForm = (text: string) => {
  const lines = text.split('\n');
  const options = lines.filter((line) => /^[*-] /.test(line)).sort();
  return options.length === 0 ? text : [lines[0], ...options, ...lines.filter((line) => line.startsWith('source: '))].join('\n');
};

const extractor = createFileExtractor({ timeoutMs: 120_000, memoryMb: 1024 });
const generator = createOfflineGenerator();
const items: Item[] = [];
const lint: Record<string, string[]> = {};
/** Per document: how many of 10 questions each difficulty supports. */
const support: Record<string, string[]> = {};

async function contentOf(entry: Corpus): Promise<ExtractedContent> {
  const path = join(here, 'corpus', entry.file);
  if (entry.asWebPage) return htmlToContent(await readFile(path, 'utf8'), `https://docs.example/${entry.file}`);
  return extractor.extract({ path, fileName: entry.file });
}

try {
  for (const entry of corpus) {
    const content = await contentOf(entry);
    const input = { sourceTitle: content.title ?? entry.file, content };
    const add = (resource: Item['resource'], difficulty: string, text: string) =>
      items.push({
        hash: hashOf(`${resource}\n${resource === 'quiz' ? judgedForm(text) : text}`),
        legacyHash: hashOf(`${resource}\n${text}`),
        document: entry.file,
        resource,
        difficulty,
        text,
      });
    for (const difficulty of difficulties) {
      const attempt = async <T>(make: () => Promise<T>) =>
        make().catch((error: unknown) => ((lint[entry.file] ??= []).push(`${difficulty}: ${(error as Error).message}`), null));
      // A source that supports fewer questions says how many; a client then asks for that many.
      const asked = await generator.quiz({ ...input, difficulty, numberOfQuestions: 10 }).catch((error: unknown) => error as Error);
      const supported = asked instanceof Error ? Number(/supports only (\d+)/.exec(asked.message)?.[1] ?? 0) : 10;
      (support[entry.file] ??= []).push(`${difficulty} ${supported}`);
      const quiz =
        asked instanceof Error ? (supported > 0 ? await attempt(() => generator.quiz({ ...input, difficulty, numberOfQuestions: supported })) : null) : asked;
      if (asked instanceof Error && supported === 0) (lint[entry.file] ??= []).push(`${difficulty}: ${asked.message}`);
      for (const question of quiz?.content.questions ?? []) {
        const options = question.options.map((option, i) => `${i === question.correctAnswerIndex ? '*' : '-'} ${option}`).join('\n');
        add('quiz', difficulty, `${question.question}\n${options}\nsource: ${question.source.excerpt}`);
      }
      if (quiz) (lint[entry.file] ??= []).push(...checkQuiz(quiz.content, quiz.content.questions.length).map((finding) => `quiz ${difficulty}: ${finding}`));
      const cards = await attempt(() => generator.flashcards({ ...input, difficulty }));
      for (const card of cards?.content.cards ?? []) add('flashcards', difficulty, `${card.term}\n= ${card.definition}`);
      if (cards) (lint[entry.file] ??= []).push(...checkFlashcards(cards.content).map((finding) => `flashcards ${difficulty}: ${finding}`));
      const map = await attempt(() => generator.mindmap({ ...input, difficulty }));
      if (map) {
        const byParent = new Map<string | null, string[]>();
        for (const node of map.content.nodes) byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node.id]);
        const label = new Map(map.content.nodes.map((node) => [node.id, node.label]));
        const outline = (id: string, depth: number): string[] => [
          `${'  '.repeat(depth)}${label.get(id)}`,
          ...(byParent.get(id) ?? []).flatMap((child) => outline(child, depth + 1)),
        ];
        add('mindmap', difficulty, outline(map.content.rootId, 0).join('\n'));
        (lint[entry.file] ??= []).push(...checkMindmap(map.content).map((finding) => `mindmap ${difficulty}: ${finding}`));
      }
    }
  }
} finally {
  await extractor.close();
}

for (const item of items) {
  const legacy = judgements[item.legacyHash];
  if (!judgements[item.hash] && legacy) judgements[item.hash] = legacy;
}
await writeFile(join(here, 'review.jsonl'), `${items.map((item) => JSON.stringify({ ...item, judgement: judgements[item.hash] ?? null })).join('\n')}\n`);

const partOf = new Map(corpus.map((entry) => [entry.file, entry.part ?? 'tuning']));
const parts: Part[] = ['tuning', 'read held-out', 'held out'];
const kindOf = new Map(corpus.map((entry) => [entry.file, entry.kind]));
// The same item generated at several difficulties is one item to a reader: each text counts once.
const unique = (selected: Item[]) => [...new Map(selected.map((item) => [item.hash, item])).values()];
const tally = (all: Item[]) => {
  const selected = unique(all);
  const judged = selected.filter((item) => judgements[item.hash] && item.resource !== 'mindmap');
  const kept = judged.filter((item) => judgements[item.hash]?.verdict === 'keep').length;
  return `${kept}/${judged.length} acceptable${judged.length ? ` (${Math.round((kept / judged.length) * 100)}%)` : ''}, ${selected.filter((item) => !judgements[item.hash] && item.resource !== 'mindmap').length} not yet judged`;
};
console.log('document'.padEnd(42), 'kind'.padEnd(22), 'quiz + flashcards');
for (const entry of corpus) {
  const own = items.filter((item) => item.document === entry.file);
  console.log(
    `${entry.file}${entry.part ? ` (${entry.part})` : ''}`.padEnd(42),
    entry.kind.padEnd(22),
    tally(own),
    `| quiz of 10 supported: ${(support[entry.file] ?? []).join(', ')} | lint: ${(lint[entry.file] ?? []).length} findings`,
  );
}
const mindmapScores = (selected: Item[]) => {
  const scores = selected.flatMap((item) =>
    item.resource === 'mindmap' && judgements[item.hash]?.score !== undefined ? [judgements[item.hash]?.score ?? 0] : [],
  );
  return scores.length
    ? `mindmaps ${(scores.reduce((a, b) => a + b, 0) / scores.length).toFixed(1)}/5 on average over ${scores.length} scored`
    : 'no mindmap scored';
};
// By kind of document, over every part, at medium: the README's table by kind.
for (const kind of new Set(kindOf.values())) {
  const medium = items.filter((item) => kindOf.get(item.document) === kind && item.difficulty === 'medium');
  const documents = corpus.filter((entry) => entry.kind === kind).length;
  console.log(
    `kind ${kind} (${documents}), medium:`.padEnd(42),
    `quiz ${tally(medium.filter((item) => item.resource === 'quiz'))}; flashcards ${tally(medium.filter((item) => item.resource === 'flashcards'))}; ${mindmapScores(medium)}`,
  );
}
for (const part of parts) {
  const selected = items.filter((item) => partOf.get(item.document) === part);
  console.log(`overall (${part}):`.padEnd(42), tally(selected));
  for (const resource of ['quiz', 'flashcards'] as const)
    console.log(`  ${resource}:`.padEnd(42), tally(selected.filter((item) => item.resource === resource)));
  console.log('  mindmaps:'.padEnd(42), mindmapScores(selected));
  // What a client asking for each difficulty gets; the README's headline figures are at medium.
  for (const difficulty of difficulties) {
    const at = selected.filter((item) => item.difficulty === difficulty);
    for (const resource of ['quiz', 'flashcards'] as const)
      console.log(`  ${resource} at ${difficulty}:`.padEnd(42), tally(at.filter((item) => item.resource === resource)));
    if (difficulty === 'medium') console.log('  mindmaps at medium:'.padEnd(42), mindmapScores(at));
  }
}
/** The kind of a question, read off its stem as the generator words it. */
const questionKind = (stem: string) =>
  stem.startsWith('Complete the sentence')
    ? 'cloze'
    : stem.startsWith('Which term matches')
      ? 'definition → term'
      : stem.startsWith('What does')
        ? 'term → definition'
        : /^Which (?:statement|of these statements)/.test(stem)
          ? 'which statement is true'
          : /^Which (?:\S+ )?(?:function|method|class|attribute|constant|exception) /.test(stem)
            ? 'API entry'
            : /^Which \S+ \S+ command /.test(stem)
              ? 'command of a program'
              : /^Which \S+(?: \S+)? option /.test(stem)
                ? 'option of a program'
                : /^Which (?:package|command|program|utility|tool|daemon) /.test(stem)
                  ? 'program or package'
                  : /\bwhat (?:is|are|can|may|allows|lets|enables)\b/i.test(stem)
                    ? 'purpose'
                    : 'table';
for (const part of parts) {
  const quizItems = items.filter((item) => item.resource === 'quiz' && item.difficulty === 'medium' && partOf.get(item.document) === part);
  const kinds = [...new Set(quizItems.map((item) => questionKind(item.text)))].sort();
  console.log(
    `quiz at medium by item kind (${part}):`,
    kinds.map((kind) => `${kind} ${tally(quizItems.filter((item) => questionKind(item.text) === kind)).replace(/ acceptable.*?,/, ',')}`).join('; '),
  );
}
console.log(`${items.length} items written to eval/review.jsonl; judge them in eval/judgements.json by eval/RUBRIC.md`);
if (process.argv.includes('--lint')) for (const [file, findings] of Object.entries(lint)) for (const finding of findings) console.log(`${file}: ${finding}`);
