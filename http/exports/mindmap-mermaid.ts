import type { MindmapContent } from '../../domain/learning-content.ts';
import { mindmapTree, type TreeNode } from './mindmap-tree.ts';

// A Mermaid `mindmap` diagram: nesting by indentation, every node as `n<k>["label"]` so that its text
// is a quoted string. Inside one, Mermaid reads `#name;` as an entity: quotes and the characters
// that would end or break the string are written as entity codes, line breaks as spaces. Mermaid
// renders a label as HTML, so `<`, `>` and `&` are entity codes too, or a label could carry markup.

const ENTITIES: Record<string, string> = {
  '"': '#quot;',
  '#': '#35;',
  ';': '#59;',
  '[': '#91;',
  ']': '#93;',
  '`': '#96;',
  '<': '#lt;',
  '>': '#gt;',
  '&': '#amp;',
};

const quote = (text: string) => `"${text.replace(/[\r\n]+/g, ' ').replace(/["#;[\]`<>&]/g, (c) => ENTITIES[c] as string)}"`;

export function mindmapMermaid(mindmap: MindmapContent): string {
  let count = 0;
  const lines = (node: TreeNode, depth: number): string[] => [
    `${'  '.repeat(depth + 1)}n${count++}[${quote(node.label)}]`,
    ...node.children.flatMap((child) => lines(child, depth + 1)),
  ];
  return `mindmap\n${lines(mindmapTree(mindmap), 0).join('\n')}\n`;
}
