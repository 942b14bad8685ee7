import { download } from '../api.js';
import { h, say } from '../dom.js';

/** Download buttons for every export format of a resource. */
export const exportButtons = (plural, id, formats) =>
  h(
    'div',
    { class: 'toolbar', role: 'group', 'aria-label': 'Download' },
    h('span', { class: 'muted' }, 'Download:'),
    formats.map((format) =>
      h(
        'button',
        {
          type: 'button',
          onclick: () => download(`/v1/${plural}/${id}/export?format=${format}`).catch((error) => say(error.message, 'error')),
        },
        format,
      ),
    ),
  );
