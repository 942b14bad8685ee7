import type { MindmapContent } from '../../domain/learning-content.ts';

// A mindmap's nodes as the tree their parent links describe, for the formats that nest.

export type TreeNode = { label: string; definition: string; children: TreeNode[] };

export function mindmapTree(mindmap: MindmapContent): TreeNode {
  const children = new Map<string | null, MindmapContent['nodes']>();
  for (const node of mindmap.nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  const build = (node: MindmapContent['nodes'][number], seen: Set<string>): TreeNode => {
    seen.add(node.id);
    return {
      label: node.label,
      definition: node.definition,
      children: (children.get(node.id) ?? []).filter((child) => !seen.has(child.id)).map((child) => build(child, seen)),
    };
  };
  const root = mindmap.nodes.find((node) => node.id === mindmap.rootId) ?? mindmap.nodes[0];
  if (!root) return { label: mindmap.title, definition: '', children: [] };
  return build(root, new Set());
}
