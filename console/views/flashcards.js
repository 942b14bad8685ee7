import { api } from '../api.js';
import { h } from '../dom.js';
import { exportButtons } from './exports.js';

export async function flashcardsView(main, navigate, onLeave, id) {
  const set = (await api('GET', `/v1/flashcards/${id}`)).body.data;
  let index = 0;
  let flipped = false;
  const front = h('div', { class: 'face front' });
  const back = h('div', { class: 'face back' });
  // The card is named by the text it shows (what a person sees is what a screen reader reads); how to
  // use it is its description.
  const hint = h('p', { class: 'muted', id: 'flashcard-hint' }, 'Click the card or press Space to flip it; the arrow keys move to the next or previous card.');
  const card = h('div', { class: 'flashcard', role: 'button', tabindex: 0, 'aria-describedby': 'flashcard-hint' }, h('div', { class: 'inner' }, front, back));
  const position = h('p', { class: 'muted', 'aria-live': 'polite' });
  const source = h('p', { class: 'excerpt' });

  const show = () => {
    const current = set.cards[index];
    front.textContent = current.term;
    back.textContent = current.definition;
    card.classList.toggle('flipped', flipped);
    // Only the face in view is read out: the other is turned away, not gone from the page.
    front.setAttribute('aria-hidden', String(flipped));
    back.setAttribute('aria-hidden', String(!flipped));
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
    hint,
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
