import type { QuizContent } from '../../domain/learning-content.ts';

// Moodle's GIFT text format: `::title:: stem {=right#feedback ~wrong ~wrong ~wrong ####general feedback}`.
// The characters GIFT gives a meaning (~ = # { } :) and the backslash are escaped with a backslash;
// line breaks inside a text would end the question, so they become spaces.

const escapeGift = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[\\~=#{}:]/g, (c) => `\\${c}`);

export const quizGift = (quiz: QuizContent): string =>
  `${quiz.questions
    .map((question, index) => {
      const options = question.options.map((option, i) => `${i === question.correctAnswerIndex ? '=' : '~'}${escapeGift(option)}`).join(' ');
      const feedback = question.explanation ? ` ####${escapeGift(question.explanation)}` : '';
      return `::${escapeGift(`Question ${index + 1}`)}:: ${escapeGift(question.question)} {${options}${feedback}}`;
    })
    .join('\n\n')}\n`;
