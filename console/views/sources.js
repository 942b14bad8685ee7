import { api, putFile } from '../api.js';
import { badge, formatDate, h, say } from '../dom.js';

const POLL_MS = 1500;

/** The Content-Type the signed URL was issued for (the local upload URLs carry it as `ct`). */
const signedType = (url, file) => new URL(url, location.href).searchParams.get('ct') ?? file.type ?? 'application/octet-stream';

export function sourcesView(main, navigate, onLeave) {
  const rows = h('tbody');
  const uploads = h('ul', { class: 'uploads', 'aria-label': 'Uploads' });
  const fileInput = h('input', {
    type: 'file',
    multiple: true,
    id: 'file-input',
    class: 'visually-hidden-input',
    onchange: () => upload([...fileInput.files]),
  });
  const zone = h(
    'div',
    {
      class: 'dropzone',
      id: 'dropzone',
      ondragover: (event) => {
        event.preventDefault();
        zone.classList.add('over');
      },
      ondragleave: () => zone.classList.remove('over'),
      ondrop: (event) => {
        event.preventDefault();
        zone.classList.remove('over');
        upload([...event.dataTransfer.files]);
      },
    },
    h('p', {}, 'Drop files here (PDF, Word, PowerPoint, Excel, OpenDocument, EPUB, text, Markdown, HTML, images), or'),
    h('label', { for: 'file-input' }, 'choose files', fileInput),
  );

  /** The line under the drop zone of each file uploaded from this page, by source id, kept in step with its status. */
  const uploaded = new Map();

  async function upload(files) {
    for (const file of files) {
      const progress = h('progress', { max: 1, value: 0, 'aria-label': `Upload of ${file.name}` });
      const outcome = h('span', {}, 'uploading…');
      uploads.append(h('li', {}, h('strong', {}, file.name), progress, outcome));
      let sourceId;
      try {
        const { body } = await api('POST', '/v1/sources/upload-url', { fileName: file.name, sourceType: 'file' });
        sourceId = body.sourceId;
        await putFile(body.uploadUrl, file, signedType(body.uploadUrl, file), (share) => (progress.value = share));
        progress.value = 1;
        outcome.textContent = 'uploaded; indexing';
        uploaded.set(sourceId, outcome);
        await refresh();
      } catch (error) {
        progress.value = 0;
        outcome.textContent = error.message;
        outcome.className = 'error';
        // A refused upload leaves a source waiting for bytes that will not come: remove it.
        if (sourceId) await api('DELETE', `/v1/sources/${sourceId}`).catch(() => {});
        await refresh();
      }
    }
  }

  const urlInput = h('input', { id: 'source-url', type: 'url', required: true, size: 50, placeholder: 'https://…' });
  const typeSelect = h('select', { id: 'source-type' }, h('option', { value: 'webpage' }, 'Web page'), h('option', { value: 'youtube' }, 'YouTube video'));
  const urlForm = h(
    'form',
    {
      class: 'toolbar',
      onsubmit: async (event) => {
        event.preventDefault();
        const form = new FormData();
        form.append('source', JSON.stringify({ sourceType: typeSelect.value, url: urlInput.value }));
        try {
          await api('POST', '/v1/ingestSource', form);
          urlInput.value = '';
          say('Added; it is being indexed.');
          await refresh();
        } catch (error) {
          say(error.message, 'error');
        }
      },
    },
    h('label', { for: 'source-type' }, 'Kind', typeSelect),
    h('label', { for: 'source-url' }, 'Address', urlInput),
    h('button', { type: 'submit' }, 'Add'),
  );

  let timer;
  async function refresh() {
    clearTimeout(timer);
    const { body } = await api('GET', '/v1/sources?limit=100');
    rows.replaceChildren(
      ...body.data.map((source) =>
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: `#/sources/${source._id}` }, source.title ?? source.fileName ?? source.url ?? source._id)),
          h('td', {}, source.sourceType),
          h('td', {}, badge(source.status), source.error ? h('div', { class: 'error' }, source.error) : null),
          h('td', {}, formatDate(source.createdAt)),
          h(
            'td',
            {},
            h(
              'button',
              {
                class: 'danger',
                'aria-label': `Delete ${source.title ?? source._id}`,
                onclick: async () => {
                  if (!confirm(`Delete “${source.title ?? source._id}” and what was generated from it?`)) return;
                  await api('DELETE', `/v1/sources/${source._id}`);
                  say('Source deleted.');
                  await refresh();
                },
              },
              'Delete',
            ),
          ),
        ),
      ),
    );
    if (body.data.length === 0) rows.append(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No sources yet.')));
    for (const source of body.data) {
      const outcome = uploaded.get(source._id);
      if (!outcome || (source.status !== 'indexed' && source.status !== 'failed')) continue;
      outcome.textContent = source.status === 'indexed' ? 'indexed' : `failed: ${source.error}`;
      outcome.className = source.status === 'failed' ? 'error' : '';
      uploaded.delete(source._id);
    }
    if (body.data.some((source) => source.status === 'pending' || source.status === 'processing')) timer = setTimeout(() => refresh().catch(() => {}), POLL_MS);
  }
  onLeave(() => clearTimeout(timer));

  main.replaceChildren(
    h('h2', {}, 'Sources'),
    zone,
    uploads,
    urlForm,
    h(
      'table',
      {},
      h('caption', { class: 'muted' }, 'Newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Title', 'Type', 'Status', 'Added', ''].map((name) => h('th', { scope: 'col' }, name)),
        ),
      ),
      rows,
    ),
  );
  return refresh();
}
