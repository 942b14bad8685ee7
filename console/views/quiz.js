import { api } from '../api.js';
import { h } from '../dom.js';
import { exportButtons } from './exports.js';

export async function quizView(main, navigate, onLeave, id) {
  const quiz = (await api('GET', `/v1/quizzes/${id}`)).body.data;
  let oneAtATime = false;
  let current = 0;
  const answers = new Map();
  const questions = quiz.questions.map((question, q) => {
    const feedback = h('div', { class: 'feedback', 'aria-live': 'polite' });
    const fieldset = h(
      'fieldset',
      {},
      h('legend', {}, `${q + 1}. ${question.question}`),
      question.options.map((option, o) =>
        h(
          'label',
          { style: 'flex-direction: row; align-items: center; display: flex; gap: 8px;' },
          h('input', { type: 'radio', name: `q${q}`, value: o, onchange: () => answers.set(q, o) }),
          option,
        ),
      ),
      feedback,
    );
    return { element: h('div', { class: 'question' }, fieldset), feedback, question };
  });
  const score = h('p', { class: 'score', role: 'status' });
  const list = h('div');
  const navigation = h('div', { class: 'toolbar' });

  const render = () => {
    list.replaceChildren(...questions.filter((_, q) => !oneAtATime || q === current).map((entry) => entry.element));
    navigation.replaceChildren(
      ...(oneAtATime
        ? [
            h('button', { type: 'button', disabled: current === 0, onclick: () => ((current -= 1), render()) }, 'Previous question'),
            h('span', { class: 'muted' }, `Question ${current + 1} of ${questions.length}`),
            h('button', { type: 'button', disabled: current === questions.length - 1, onclick: () => ((current += 1), render()) }, 'Next question'),
          ]
        : []),
    );
  };
  const submit = () => {
    let right = 0;
    for (const [q, entry] of questions.entries()) {
      const chosen = answers.get(q);
      const correct = chosen === entry.question.correctAnswerIndex;
      if (correct) right++;
      entry.feedback.replaceChildren(
        h(
          'p',
          { class: correct ? 'right' : 'wrong' },
          correct ? 'Correct.' : `Not quite: the answer is “${entry.question.options[entry.question.correctAnswerIndex]}”.`,
        ),
        h('p', {}, entry.question.explanation),
        h('p', { class: 'excerpt' }, `${entry.question.source.page ? `Page ${entry.question.source.page}: ` : ''}“${entry.question.source.excerpt}”`),
      );
    }
    oneAtATime = false;
    render();
    score.textContent = `Score: ${right} of ${questions.length}`;
    score.focus?.();
  };

  main.replaceChildren(
    h('p', {}, h('a', { href: `#/sources/${quiz.sourceId}` }, '← Source')),
    h('h2', {}, quiz.title),
    exportButtons('quizzes', id, ['gift', 'moodle-xml', 'qti', 'csv']),
    h(
      'div',
      { class: 'toolbar' },
      h('button', { type: 'button', onclick: () => ((oneAtATime = !oneAtATime), (current = 0), render()) }, 'One question at a time / all at once'),
    ),
    list,
    navigation,
    h('button', { type: 'button', class: 'primary', id: 'submit-quiz', onclick: submit }, 'Submit answers'),
    score,
  );
  render();
}
