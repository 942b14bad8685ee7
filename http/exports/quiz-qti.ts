import { strToU8, zipSync } from 'fflate';
import type { QuizContent } from '../../domain/learning-content.ts';
import { xmlDocument } from './xml.ts';

// An IMS QTI 2.1 content package: one assessmentItem per question (a single-choice
// choiceInteraction with its correct response), listed as resources by imsmanifest.xml, zipped.

const CHOICES = ['A', 'B', 'C', 'D'];
const QTI = 'http://www.imsglobal.org/xsd/imsqti_v2p1';

const itemFile = (index: number) => `items/question-${String(index + 1).padStart(3, '0')}.xml`;

function assessmentItem(question: QuizContent['questions'][number], index: number): string {
  return xmlDocument({
    assessmentItem: {
      '@xmlns': QTI,
      '@identifier': `question-${index + 1}`,
      '@title': `Question ${index + 1}`,
      '@adaptive': 'false',
      '@timeDependent': 'false',
      responseDeclaration: {
        '@identifier': 'RESPONSE',
        '@cardinality': 'single',
        '@baseType': 'identifier',
        correctResponse: { value: CHOICES[question.correctAnswerIndex] },
      },
      outcomeDeclaration: { '@identifier': 'SCORE', '@cardinality': 'single', '@baseType': 'float' },
      itemBody: {
        choiceInteraction: {
          '@responseIdentifier': 'RESPONSE',
          '@shuffle': 'true',
          '@maxChoices': '1',
          prompt: question.question,
          simpleChoice: question.options.map((option, i) => ({ '@identifier': CHOICES[i], '#text': option })),
        },
      },
      modalFeedback: { '@outcomeIdentifier': 'FEEDBACK', '@identifier': 'EXPLANATION', '@showHide': 'show', '#text': question.explanation },
      responseProcessing: { '@template': 'http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct' },
    },
  });
}

export function quizQti(quiz: QuizContent): Uint8Array {
  const manifest = xmlDocument({
    manifest: {
      '@xmlns': 'http://www.imsglobal.org/xsd/imscp_v1p1',
      '@identifier': 'quiz-package',
      metadata: { schema: 'QTIv2.1 Package', schemaversion: '1.0.0' },
      organizations: '',
      resources: {
        resource: quiz.questions.map((_, index) => ({
          '@identifier': `question-${index + 1}`,
          '@type': 'imsqti_item_xmlv2p1',
          '@href': itemFile(index),
          file: { '@href': itemFile(index) },
        })),
      },
    },
  });
  const files: Record<string, Uint8Array> = { 'imsmanifest.xml': strToU8(manifest) };
  quiz.questions.forEach((question, index) => {
    files[itemFile(index)] = strToU8(assessmentItem(question, index));
  });
  // A fixed date keeps the package the same bytes for the same quiz.
  return zipSync(files, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}
