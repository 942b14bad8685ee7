import type { QuizContent } from '../../domain/learning-content.ts';
import { csv } from './spreadsheet-cells.ts';

const LETTERS = ['A', 'B', 'C', 'D'];

/** One row per question: the stem, four options, the correct option's letter, the explanation and the source. */
export const quizCsv = (quiz: QuizContent): string =>
  csv([
    ['question', 'option A', 'option B', 'option C', 'option D', 'correct', 'explanation', 'page', 'excerpt'],
    ...quiz.questions.map((question) => [
      question.question,
      ...question.options,
      LETTERS[question.correctAnswerIndex] as string,
      question.explanation,
      question.source.page?.toString() ?? '',
      question.source.excerpt,
    ]),
  ]);
