import { api } from '../api.js';
import { formatDate, h } from '../dom.js';

/** The organization's event feed, followed live. */
export async function eventsView(main, navigate, onLeave) {
  const rows = h('tbody');
  let after = 0;
  let timer;
  onLeave(() => clearTimeout(timer));
  const follow = async () => {
    const { body } = await api('GET', `/v1/events?after=${after}&limit=200`);
    for (const entry of body.data) {
      rows.prepend(
        h('tr', {}, h('td', {}, String(entry.sequence)), h('td', {}, entry.type), h('td', {}, entry.stream), h('td', {}, formatDate(entry.recordedAt))),
      );
    }
    after = body.next;
    timer = setTimeout(() => follow().catch(() => {}), 2000);
  };
  main.replaceChildren(
    h('h2', {}, 'Events'),
    h('p', { class: 'muted' }, 'Everything that happened to your organization’s resources, newest on top; new events appear as they happen.'),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['#', 'Event', 'Stream', 'When'].map((name) => h('th', { scope: 'col' }, name)),
        ),
      ),
      rows,
    ),
  );
  await follow();
}
