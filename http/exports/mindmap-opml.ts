import type { MindmapContent } from '../../domain/learning-content.ts';
import { mindmapTree, type TreeNode } from './mindmap-tree.ts';
import { xmlDocument } from './xml.ts';

// OPML 2.0, the outline format mindmap and outliner tools import: one <outline> per node, the
// node's definition as its `_note` (the attribute OmniOutliner and others read as a note).

const outline = (node: TreeNode): Record<string, unknown> => ({
  '@text': node.label,
  ...(node.definition ? { '@_note': node.definition } : {}),
  ...(node.children.length ? { outline: node.children.map(outline) } : {}),
});

export const mindmapOpml = (mindmap: MindmapContent): string =>
  xmlDocument({ opml: { '@version': '2.0', head: { title: mindmap.title }, body: { outline: outline(mindmapTree(mindmap)) } } });
