import { apiKey, signOut, whenUnauthorized } from './api.js';
import { say } from './dom.js';
import { eventsView } from './views/events.js';
import { flashcardsView } from './views/flashcards.js';
import { mindmapView } from './views/mindmap.js';
import { quizView } from './views/quiz.js';
import { signInView } from './views/signin.js';
import { sourceView } from './views/source.js';
import { sourcesView } from './views/sources.js';
import { webhooksView } from './views/webhooks.js';

// The console: a hash router over the views. Each view gets the main element, a way to navigate and
// a way to stop its timers when the person leaves it.

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const routes = [
  [/^#\/sources$/, sourcesView],
  [/^#\/sources\/([^/]+)$/, sourceView],
  [/^#\/flashcards\/([^/]+)$/, flashcardsView],
  [/^#\/quizzes\/([^/]+)$/, quizView],
  [/^#\/mindmaps\/([^/]+)$/, mindmapView],
  [/^#\/events$/, eventsView],
  [/^#\/webhooks$/, webhooksView],
];

let leaving = [];
const navigate = (hash) => {
  if (location.hash === hash) render();
  else location.hash = hash;
};

async function render(reason) {
  for (const stop of leaving) stop();
  leaving = [];
  if (!apiKey()) {
    nav.hidden = true;
    signInView(main, navigate, reason);
    return;
  }
  nav.hidden = false;
  const hash = location.hash || '#/sources';
  for (const link of nav.querySelectorAll('a[href^="#"]')) link.toggleAttribute('aria-current', hash.startsWith(link.getAttribute('href')));
  for (const link of nav.querySelectorAll('a[aria-current]')) link.setAttribute('aria-current', 'page');
  const match = routes.map(([pattern, view]) => [pattern.exec(hash), view]).find(([found]) => found);
  if (!match) return navigate('#/sources');
  const [found, view] = match;
  try {
    await view(main, navigate, (stop) => leaving.push(stop), ...found.slice(1).map(decodeURIComponent));
    main.focus({ preventScroll: true });
  } catch (error) {
    say(error.message, 'error');
  }
}

whenUnauthorized((message) => {
  signOut();
  render(`You were signed out: ${message}. The key may have been revoked.`);
});
document.getElementById('sign-out').addEventListener('click', () => {
  signOut();
  say('Signed out.');
  render();
});
window.addEventListener('hashchange', () => render());
render();
