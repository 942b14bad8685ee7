import { MAX_QUESTIONS, MIN_QUESTIONS, type GeneratorInfo } from '../../domain/learning-content.ts';
import { GenerationError, type Generator } from '../../ports/generator.ts';
import { analyse } from './analysis.ts';
import { generateFlashcards } from './flashcards.ts';
import { generateMindmap } from './mindmap.ts';
import { generateQuiz } from './quiz.ts';

// The embedded default generator: rules over wink-nlp's parse of the document, no network, no
// model download, deterministic for a given source and parameters. The worker still runs the
// quality rules (../quality.ts) on what it returns, as for every generator.

const INFO: GeneratorInfo = { name: 'offline', model: 'wink-eng-lite-web-model' };

export function createOfflineGenerator(): Generator {
  return {
    async flashcards(input) {
      return { content: generateFlashcards(analyse(input.content), input), generator: INFO };
    },
    async quiz(input) {
      const { numberOfQuestions } = input;
      if (!Number.isInteger(numberOfQuestions) || numberOfQuestions < MIN_QUESTIONS || numberOfQuestions > MAX_QUESTIONS) {
        throw new GenerationError(`numberOfQuestions must be an integer from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`);
      }
      return { content: generateQuiz(analyse(input.content), input), generator: INFO };
    },
    async mindmap(input) {
      return { content: generateMindmap(analyse(input.content), input), generator: INFO };
    },
  };
}
