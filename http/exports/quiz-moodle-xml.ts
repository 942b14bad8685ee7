import type { QuizContent } from '../../domain/learning-content.ts';
import { xmlDocument } from './xml.ts';

// A Moodle XML question bank: a category named after the quiz, then one single-answer
// multichoice question per question, the explanation as its general feedback.

export const quizMoodleXml = (quiz: QuizContent): string =>
  xmlDocument({
    quiz: {
      question: [
        { '@type': 'category', category: { text: `$course$/${quiz.title.replace(/\//g, '-')}` } },
        ...quiz.questions.map((question, index) => ({
          '@type': 'multichoice',
          name: { text: `Question ${index + 1}` },
          questiontext: { '@format': 'plain_text', text: question.question },
          generalfeedback: { '@format': 'plain_text', text: question.explanation },
          defaultgrade: 1,
          penalty: 0.3333333,
          hidden: 0,
          single: 'true',
          shuffleanswers: 'true',
          answernumbering: 'abc',
          answer: question.options.map((option, i) => ({
            '@fraction': i === question.correctAnswerIndex ? '100' : '0',
            '@format': 'plain_text',
            text: option,
          })),
        })),
      ],
    },
  });
