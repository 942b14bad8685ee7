import { parseHTML } from 'linkedom';
import { htmlText } from './html-text.ts';

// Mermaid's own parser, as a renderer runs it: the diagram text through mermaid's grammar into its
// mindmap model, each node's text with Mermaid's entity codes decoded and then read as the HTML a
// browser would show (so markup that leaked through would be lost, not kept as text).

export type MermaidTree = { label: string; children: MermaidTree[] };
type MermaidNode = { descr: string; children: MermaidNode[] };

const browser = parseHTML('<!doctype html><html><body></body></html>');

async function loadMermaid() {
  // Mermaid's sanitizer (DOMPurify) looks for a window when it is first imported.
  const globals = globalThis as { window?: unknown; document?: unknown };
  const saved = { window: globals.window, document: globals.document };
  Object.assign(globals, { window: browser.window, document: browser.document });
  try {
    return (await import('mermaid')).default;
  } finally {
    Object.assign(globals, saved);
  }
}

/** Mermaid's `decodeEntities`: `#name;` codes are kept as placeholders by its parser and become HTML entities at render time. */
const decodeEntities = (text: string) => text.replace(/ﬂ°°/g, '&#').replace(/ﬂ°/g, '&').replace(/¶ß/g, ';');

/** Parses `text` with Mermaid; throws Mermaid's parse error when it is not a valid diagram. */
export async function readMermaidMindmap(text: string): Promise<MermaidTree> {
  const mermaid = await loadMermaid();
  const { diagramType } = (await mermaid.parse(text)) as { diagramType: string };
  if (diagramType !== 'mindmap') throw new Error(`Mermaid read a ${diagramType} diagram, not a mindmap`);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  const tree = (node: MermaidNode): MermaidTree => ({ label: htmlText(decodeEntities(node.descr)), children: node.children.map(tree) });
  return tree((diagram.db as unknown as { getMindmap(): MermaidNode }).getMindmap());
}
