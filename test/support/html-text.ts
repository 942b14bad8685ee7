import { parseHTML } from 'linkedom';

// The text a browser shows for a piece of HTML: entities decoded, markup dropped. Formats whose
// readers render labels as HTML (Anki, markmap, Mermaid) are read back through it, so a label whose
// markup leaked through reads back different.

const { document } = parseHTML('<!doctype html><html><body></body></html>');

export function htmlText(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element.textContent ?? '';
}
