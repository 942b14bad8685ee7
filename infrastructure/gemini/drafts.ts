import { z } from 'zod';
import { Flashcard, MindmapNode, QuizQuestion, SourceReference, type MindmapContent } from '../../domain/learning-content.ts';

// What the model is asked to return: the domain's shapes without ids (we assign them), with a
// citation the grounding step checks, and for mind maps a nested tree, so one root, connectedness and
// the absence of cycles hold by construction and depth and breadth are bounded by the schema itself.

const Citation = SourceReference.extend({
  page: SourceReference.shape.page.describe('the number in the [Page N] or [Slide N] marker above the passage, when there is one'),
  section: SourceReference.shape.section.describe('the heading in the marker above the passage, when it has no page number'),
  excerpt: z.string().min(1).describe('an exact quote from the source, at most 200 characters, of the sentence this item is based on'),
});

export const CardDraft = Flashcard.omit({ id: true }).extend({ source: Citation });
export type CardDraft = z.infer<typeof CardDraft>;

export const QuestionDraft = QuizQuestion.omit({ id: true, type: true }).extend({
  correctAnswerIndex: QuizQuestion.shape.correctAnswerIndex.describe('the position (0 to 3) of the one correct option'),
  source: Citation,
});
export type QuestionDraft = z.infer<typeof QuestionDraft>;

export const cardsAnswer = (atMost: number) => z.object({ cards: z.array(CardDraft).min(1).max(atMost) });
export const questionsAnswer = (count: number) => z.object({ questions: z.array(QuestionDraft).length(count) });

export type TreeDraft = { label: string; definition: string; isHighlyImportant: boolean; children?: TreeDraft[] | undefined };

const NodeFields = MindmapNode.pick({ label: true, definition: true, isHighlyImportant: true }).extend({
  definition: MindmapNode.shape.definition.describe('one sentence from or faithful to the source saying what this node is'),
});

export type TreeShape = { levels: number; breadth: number };

/** A root with `levels` levels below it, at most `breadth` children per node and at least two branches. */
export function treeAnswer(shape: TreeShape) {
  let level: z.ZodType<TreeDraft> = NodeFields;
  for (let depth = 1; depth < shape.levels; depth++) level = NodeFields.extend({ children: z.array(level).max(shape.breadth).optional() });
  return z.object({ root: NodeFields.extend({ children: z.array(level).min(2).max(shape.breadth) }) });
}

/** Ids in reading order (n-1 is the root), one edge per parent link. */
export function mindmapFromTree(title: string, root: TreeDraft): MindmapContent {
  const nodes: MindmapContent['nodes'] = [];
  const edges: MindmapContent['edges'] = [];
  const visit = (draft: TreeDraft, parentId: string | null) => {
    const id = `n-${nodes.length + 1}`;
    nodes.push({
      id,
      label: draft.label.trim(),
      definition: draft.definition.trim(),
      isHighlyImportant: parentId === null || draft.isHighlyImportant,
      parentId,
    });
    if (parentId !== null) edges.push({ id: `e-${edges.length + 1}`, source: parentId, target: id });
    for (const child of draft.children ?? []) visit(child, id);
  };
  visit(root, null);
  return { title, rootId: 'n-1', nodes, edges };
}

/** A tree as indented text down to `maxDepth` levels below its root, for merging the partial maps of a long source. */
export function renderTree(root: TreeDraft, maxDepth: number, depth = 0): string {
  const line = `${'  '.repeat(depth)}- ${root.label}${root.isHighlyImportant ? ' (important)' : ''}: ${root.definition}`;
  const children = depth < maxDepth ? (root.children ?? []) : [];
  return [line, ...children.map((child) => renderTree(child, maxDepth, depth + 1))].join('\n');
}
