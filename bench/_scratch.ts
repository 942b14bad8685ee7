import { createOfflineGenerator } from '../workers/generation/offline/offline-generator.ts';
import { checkFlashcards, checkQuiz, checkMindmap } from '../workers/generation/quality.ts';
import { generationFixtures } from '../test/fixtures/generation/documents.ts';
const g = createOfflineGenerator();
const which = process.argv[2] ?? 'chapter';
const what = process.argv[3] ?? 'all';
const difficulty = (process.argv[4] ?? 'medium') as 'easy'|'medium'|'hard';
for (const f of generationFixtures().filter(f => f.kind === which)) {
  const input = { sourceTitle: f.sourceTitle, content: f.content, difficulty };
  if (what === 'all' || what === 'cards') {
    const c = (await g.flashcards(input)).content;
    console.log('CARDS', c.cards.length, checkFlashcards(c));
    for (const card of c.cards) console.log(`  ${card.id} [${card.term}] ${card.definition.slice(0,110)} | ${JSON.stringify({p:card.source.page,s:card.source.section})}`);
  }
  if (what === 'all' || what === 'quiz') {
    try {
    const q = (await g.quiz({ ...input, numberOfQuestions: Number(process.argv[5] ?? 10) })).content;
    console.log('QUIZ', q.questions.length, checkQuiz(q, Number(process.argv[5] ?? 10)));
    for (const x of q.questions) console.log(`  ${x.id} ${x.question}\n     ${x.options.map((o,i)=> (i===x.correctAnswerIndex?'*':'')+o).join(' | ')}\n     ${x.source.page ?? ''} ${x.source.section ?? ''} :: ${x.source.excerpt.slice(0,80)}`);
    } catch (e) { console.log('QUIZ ERROR', (e as Error).message); }
  }
  if (what === 'all' || what === 'mind') {
    const m = (await g.mindmap(input)).content;
    console.log('MINDMAP', m.nodes.length, checkMindmap(m));
    const depth = (id: string|null): number => { const n = m.nodes.find(n=>n.id===id); return n && n.parentId ? 1 + depth(n.parentId) : 0; };
    for (const n of m.nodes) console.log(`${'  '.repeat(depth(n.id))}${n.isHighlyImportant?'!':''}${n.label} — ${n.definition.slice(0,70)}`);
  }
}
