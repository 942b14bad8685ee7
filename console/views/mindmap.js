import { api } from '../api.js';
import { h } from '../dom.js';
import { exportButtons } from './exports.js';

/** The mindmap as an interactive tree: every branch collapses and expands (click, Enter), the view zooms and pans. */
export async function mindmapView(main, navigate, onLeave, id) {
  const map = (await api('GET', `/v1/mindmaps/${id}`)).body.data;
  const children = new Map();
  for (const node of map.nodes) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  const branch = (node) => {
    const kids = children.get(node.id) ?? [];
    const label = h('span', { title: node.definition }, node.label);
    const item = kids.length
      ? h('li', { class: node.isHighlyImportant ? 'important' : '' }, h('details', { open: true }, h('summary', {}, node.label), h('ul', {}, kids.map(branch))))
      : h('li', { class: node.isHighlyImportant ? 'important' : '' }, label);
    return item;
  };
  const root = map.nodes.find((node) => node.id === map.rootId) ?? map.nodes[0];
  const canvas = h('div', { class: 'mindmap-canvas' }, h('ul', { style: 'border-left: none; padding-left: 0' }, branch(root)));
  const viewport = h('div', { class: 'mindmap-viewport', tabindex: 0, 'aria-label': 'Mindmap: drag to pan, use the zoom buttons' }, canvas);
  let scale = 1;
  let x = 0;
  let y = 0;
  const apply = () => (canvas.style.transform = `translate(${x}px, ${y}px) scale(${scale})`);
  const zoom = (factor) => {
    scale = Math.min(3, Math.max(0.3, scale * factor));
    apply();
  };
  let dragging = null;
  viewport.addEventListener('pointerdown', (event) => {
    if (event.target.closest('summary')) return;
    dragging = { x: event.clientX - x, y: event.clientY - y };
    viewport.setPointerCapture(event.pointerId);
  });
  viewport.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    x = event.clientX - dragging.x;
    y = event.clientY - dragging.y;
    apply();
  });
  viewport.addEventListener('pointerup', () => (dragging = null));
  viewport.addEventListener('wheel', (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.1 : 0.9);
  });
  viewport.addEventListener('keydown', (event) => {
    const step = 40;
    if (event.key === '+' || event.key === '=') zoom(1.2);
    else if (event.key === '-') zoom(1 / 1.2);
    else if (event.key.startsWith('Arrow') && event.target === viewport) {
      event.preventDefault();
      x += event.key === 'ArrowLeft' ? step : event.key === 'ArrowRight' ? -step : 0;
      y += event.key === 'ArrowUp' ? step : event.key === 'ArrowDown' ? -step : 0;
      apply();
    }
  });
  const setAll = (open) => canvas.querySelectorAll('details').forEach((details) => (details.open = open));

  main.replaceChildren(
    h('p', {}, h('a', { href: `#/sources/${map.sourceId}` }, '← Source')),
    h('h2', {}, map.title),
    exportButtons('mindmaps', id, ['markdown', 'opml', 'mermaid', 'freemind']),
    h(
      'div',
      { class: 'toolbar' },
      h('button', { type: 'button', onclick: () => zoom(1.2) }, 'Zoom in'),
      h('button', { type: 'button', onclick: () => zoom(1 / 1.2) }, 'Zoom out'),
      h('button', { type: 'button', onclick: () => ((scale = 1), (x = 0), (y = 0), apply()) }, 'Reset view'),
      h('button', { type: 'button', onclick: () => setAll(true) }, 'Expand all'),
      h('button', { type: 'button', onclick: () => setAll(false) }, 'Collapse all'),
    ),
    viewport,
  );
}
