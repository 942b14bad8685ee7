import type { MindmapContent } from '../../domain/learning-content.ts';
import { mindmapTree, type TreeNode } from './mindmap-tree.ts';
import { xmlDocument } from './xml.ts';

// FreeMind's .mm (also read by Freeplane, XMind and others): nested <node TEXT="…">.

const node = (tree: TreeNode): Record<string, unknown> => ({ '@TEXT': tree.label, ...(tree.children.length ? { node: tree.children.map(node) } : {}) });

export const mindmapFreemind = (mindmap: MindmapContent): string =>
  xmlDocument({ map: { '@version': '1.0.1', node: node(mindmapTree(mindmap)) } }).replace(/^<\?xml[^>]*>\n/, '');
