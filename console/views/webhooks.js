import { api } from '../api.js';
import { badge, formatDate, h, say } from '../dom.js';

const TYPES = [
  'source.indexed',
  'source.failed',
  'source.deleted',
  'flashcards.ready',
  'flashcards.failed',
  'quiz.ready',
  'quiz.failed',
  'mindmap.ready',
  'mindmap.failed',
];

const POLL_MS = 3000;

/** Endpoints and their deliveries, followed live while the page is open. */
export async function webhooksView(main, navigate, onLeave) {
  const list = h('div');
  const secret = h('div');
  const url = h('input', { id: 'webhook-url', type: 'url', required: true, size: 50, placeholder: 'https://…' });
  const boxes = TYPES.map((type) => h('label', { style: 'flex-direction: row; gap: 4px' }, h('input', { type: 'checkbox', value: type }), type));

  let timer;
  onLeave(() => clearTimeout(timer));
  async function refresh() {
    clearTimeout(timer);
    timer = setTimeout(() => refresh().catch(() => {}), POLL_MS);
    const { body } = await api('GET', '/v1/webhooks?limit=50');
    const sections = await Promise.all(
      body.data.map(async (endpoint) => {
        const deliveries = (await api('GET', `/v1/webhooks/${endpoint._id}/deliveries?limit=20`)).body.data;
        return h(
          'section',
          { class: 'card-panel' },
          h('h3', {}, endpoint.url),
          h(
            'p',
            {},
            badge(endpoint.status),
            ` ${endpoint.events.length ? endpoint.events.join(', ') : 'all events'}`,
            endpoint.disabledReason ? h('div', { class: 'error' }, endpoint.disabledReason) : null,
          ),
          h(
            'button',
            {
              class: 'danger',
              onclick: async () => confirm(`Delete the webhook to ${endpoint.url}?`) && (await api('DELETE', `/v1/webhooks/${endpoint._id}`), refresh()),
            },
            'Delete',
          ),
          h(
            'table',
            {},
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ['Event', 'Status', 'Attempts', 'Created'].map((name) => h('th', { scope: 'col' }, name)),
              ),
            ),
            h(
              'tbody',
              {},
              deliveries.map((delivery) =>
                h(
                  'tr',
                  {},
                  h('td', {}, delivery.eventType),
                  h('td', {}, badge(delivery.status)),
                  h('td', {}, delivery.attempts.map((attempt) => `${attempt.outcome}${attempt.status ? ` (${attempt.status})` : ''}`).join(', ')),
                  h('td', {}, formatDate(delivery.createdAt)),
                ),
              ),
            ),
          ),
        );
      }),
    );
    list.replaceChildren(...(sections.length ? sections : [h('p', { class: 'muted' }, 'No webhooks yet.')]));
  }

  main.replaceChildren(
    h('h2', {}, 'Webhooks'),
    h(
      'form',
      {
        class: 'card-panel',
        onsubmit: async (event) => {
          event.preventDefault();
          try {
            const events = boxes
              .map((box) => box.querySelector('input'))
              .filter((input) => input.checked)
              .map((input) => input.value);
            const { body } = await api('POST', '/v1/webhooks', { url: url.value, events });
            secret.replaceChildren(
              h('p', {}, 'The signing secret, shown this once: store it where your receiver can read it.'),
              h('pre', { class: 'secret' }, body.data.secret),
            );
            url.value = '';
            await refresh();
          } catch (error) {
            say(error.message, 'error');
          }
        },
      },
      h('label', { for: 'webhook-url' }, 'Endpoint URL', url),
      h('fieldset', {}, h('legend', {}, 'Events (none checked: all)'), boxes),
      h('button', { type: 'submit', class: 'primary' }, 'Add webhook'),
      secret,
    ),
    list,
  );
  await refresh();
}
