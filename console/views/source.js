import { api } from '../api.js';
import { badge, formatDate, h, say } from '../dom.js';

const KINDS = [
  { plural: 'flashcards', label: 'Flashcards', route: 'flashcards' },
  { plural: 'quizzes', label: 'Quiz', route: 'quizzes' },
  { plural: 'mindmaps', label: 'Mindmap', route: 'mindmaps' },
];

const difficultySelect = (id) =>
  h(
    'select',
    { id },
    ['easy', 'medium', 'hard'].map((level) => h('option', { value: level, selected: level === 'medium' }, level)),
  );

export async function sourceView(main, navigate, onLeave, sourceId) {
  const { body } = await api('GET', `/v1/sources/${sourceId}`);
  const source = body.data;
  const generated = h('div');
  let timer;
  onLeave(() => clearTimeout(timer));

  async function refreshGenerated() {
    clearTimeout(timer);
    const lists = await Promise.all(
      KINDS.map(async (kind) => ({ kind, items: (await api('GET', `/v1/${kind.plural}?sourceId=${sourceId}&limit=50`)).body.data })),
    );
    generated.replaceChildren(
      ...lists.map(({ kind, items }) =>
        h(
          'section',
          { 'aria-label': kind.label },
          h('h3', {}, kind.label),
          items.length === 0
            ? h('p', { class: 'muted' }, 'None yet.')
            : h(
                'ul',
                {},
                items.map((item) =>
                  h(
                    'li',
                    {},
                    item.status === 'ready' ? h('a', { href: `#/${kind.route}/${item._id}` }, item.title ?? item._id) : h('span', {}, item.title ?? item._id),
                    ' ',
                    badge(item.status),
                    ` ${item.difficulty} · ${formatDate(item.createdAt)}`,
                    item.error ? h('div', { class: 'error' }, item.error) : null,
                  ),
                ),
              ),
        ),
      ),
    );
    if (lists.some(({ items }) => items.some((item) => item.status === 'generating'))) timer = setTimeout(() => refreshGenerated().catch(() => {}), 1500);
  }

  const generate = async (plural, payload) => {
    try {
      const { body: answer } = await api('POST', `/v1/sources/${sourceId}/${plural}`, payload);
      say(
        answer.data.status === 'failed' ? `Generation failed: ${answer.data.error}` : answer.data.status === 'ready' ? 'Ready.' : 'Generating…',
        answer.data.status === 'failed' ? 'error' : 'info',
      );
    } catch (error) {
      say(error.message, 'error');
    }
    await refreshGenerated();
  };

  const flashcardsDifficulty = difficultySelect('flashcards-difficulty');
  const quizDifficulty = difficultySelect('quiz-difficulty');
  const quizCount = h('input', { id: 'quiz-count', type: 'number', min: 1, max: 50, value: 10 });
  const mindmapDifficulty = difficultySelect('mindmap-difficulty');
  const forms =
    source.status === 'indexed'
      ? h(
          'section',
          { class: 'card-panel', 'aria-label': 'Generate' },
          h('h3', {}, 'Generate'),
          h(
            'div',
            { class: 'toolbar' },
            h('label', { for: 'flashcards-difficulty' }, 'Flashcards difficulty', flashcardsDifficulty),
            h('button', { class: 'primary', onclick: () => generate('flashcards', { difficulty: flashcardsDifficulty.value }) }, 'Generate flashcards'),
          ),
          h(
            'div',
            { class: 'toolbar' },
            h('label', { for: 'quiz-count' }, 'Questions', quizCount),
            h('label', { for: 'quiz-difficulty' }, 'Quiz difficulty', quizDifficulty),
            h(
              'button',
              { class: 'primary', onclick: () => generate('quizzes', { numberOfQuestions: Number(quizCount.value), difficulty: quizDifficulty.value }) },
              'Generate a quiz',
            ),
          ),
          h(
            'div',
            { class: 'toolbar' },
            h('label', { for: 'mindmap-difficulty' }, 'Mindmap difficulty', mindmapDifficulty),
            h('button', { class: 'primary', onclick: () => generate('mindmaps', { difficulty: mindmapDifficulty.value }) }, 'Generate a mindmap'),
          ),
        )
      : h(
          'p',
          { class: source.status === 'failed' ? 'error' : 'muted' },
          source.status === 'failed' ? `Indexing failed: ${source.error}` : 'Generation is possible once the source is indexed.',
        );

  const content = h('section', { 'aria-label': 'Extracted content' });
  if (source.status === 'indexed') {
    const { body: extracted } = await api('GET', `/v1/sources/${sourceId}/content`);
    content.append(
      h('h3', {}, 'Extracted content'),
      ...extracted.data.outline.map((entry) =>
        h(
          'details',
          {},
          h('summary', {}, `${entry.kind} ${entry.index + 1}${entry.title ? `: ${entry.title}` : ''}${entry.ocr ? ' (read by OCR)' : ''}`),
          h('p', { style: 'white-space: pre-wrap' }, entry.text),
        ),
      ),
    );
  }

  main.replaceChildren(
    ...[
      h('p', {}, h('a', { href: '#/sources' }, '← Sources')),
      h('h2', {}, source.title ?? source._id ?? sourceId),
      h(
        'p',
        {},
        badge(source.status),
        ` ${source.sourceType} · added ${formatDate(source.createdAt)}${source.wordCount ? ` · ${source.wordCount} words` : ''}`,
      ),
      source.error ? h('p', { class: 'error' }, source.error) : null,
      forms,
      generated,
      content,
    ].filter(Boolean),
  );
  await refreshGenerated();
}
