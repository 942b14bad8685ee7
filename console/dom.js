// Builds elements from data. Text always goes in as text (textContent), never as HTML: nothing the
// API returns (titles, terms, error messages) can become markup.

/** h('button', { class: 'primary', onclick }, 'Save') — attributes, properties (on* handlers) and children. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (name === 'class') element.className = value;
    else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export const badge = (status) => h('span', { class: `badge ${status}` }, status);

const statusLine = () => document.getElementById('status');

/** Tells the person what happened, in the live region screen readers announce. */
export function say(message, kind = 'info') {
  const line = statusLine();
  line.textContent = message;
  line.classList.toggle('error', kind === 'error');
}

export function formatDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}
