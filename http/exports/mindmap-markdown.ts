import type { MindmapContent } from '../../domain/learning-content.ts';
import { mindmapTree, type TreeNode } from './mindmap-tree.ts';

// Markdown that markmap renders as the mindmap: the root as the title heading, every other node as a
// nested bullet. Characters Markdown would read as markup are backslash-escaped; line breaks become spaces.

const escapeMarkdown = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_{}[\]()#+\-.!|<>&~]/g, (c) => `\\${c}`);

const bullets = (node: TreeNode, depth: number): string[] => [
  `${'  '.repeat(depth)}- ${escapeMarkdown(node.label)}`,
  ...node.children.flatMap((child) => bullets(child, depth + 1)),
];

export function mindmapMarkdown(mindmap: MindmapContent): string {
  const root = mindmapTree(mindmap);
  return `# ${escapeMarkdown(root.label)}\n\n${root.children.flatMap((child) => bullets(child, 0)).join('\n')}\n`;
}
