import { api } from '../api.js';
import { h } from '../dom.js';
import { exportButtons } from './exports.js';

export async function flashcardsView(main, navigate, onLeave, id) {
  const set = (await api('GET', `/v1/flashcards/${id}`)).body.data;
  let index = 0;
  let flipped = false;
  const front = h('div', { class: 'face front' });
  const back = h('div', { class: 'face back' });
  const card = h(
    'div',
    { class: 'flashcard', role: 'button', tabindex: 0, 'aria-label': 'Flashcard: press Space to flip, arrows for the next or previous card' },
    h('div', { class: 'inner' }, front, back),
  );
  const position = h('p', { class: 'muted', 'aria-live': 'polite' });
  const source = h('p', { class: 'excerpt' });

  const show = () => {
    const current = set.cards[index];
    front.textContent = current.term;
    back.textContent = current.definition;
    card.classList.toggle('flipped', flipped);
    position.textContent = `Card ${index + 1} of ${set.cards.length}${flipped ? ' — definition' : ' — term'}`;
    source.textContent = `${current.source.page ? `Page ${current.source.page}: ` : ''}“${current.source.excerpt}”`;
  };
  const flip = () => {
    flipped = !flipped;
    show();
  };
  const move = (step) => {
    index = (index + step + set.cards.length) % set.cards.length;
    flipped = false;
    show();
  };
  card.addEventListener('click', flip);
  card.addEventListener('keydown', (event) => {
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      flip();
    } else if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
  });

  main.replaceChildren(
    h('p', {}, h('a', { href: `#/sources/${set.sourceId}` }, '← Source')),
    h('h2', {}, set.title),
    exportButtons('flashcards', id, ['apkg', 'csv', 'tsv']),
    card,
    position,
    h(
      'div',
      { class: 'toolbar' },
      h('button', { type: 'button', onclick: () => move(-1) }, 'Previous'),
      h('button', { type: 'button', onclick: flip }, 'Flip'),
      h('button', { type: 'button', onclick: () => move(1) }, 'Next'),
    ),
    h('p', { class: 'muted' }, 'Where it comes from:'),
    source,
  );
  show();
  card.focus();
}
