import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { difficulties, type FlashcardSetContent, type MindmapContent, type QuizContent, type QuizQuestion } from '../../domain/learning-content.ts';
import { GenerationError } from '../../ports/generator.ts';
import { createOfflineGenerator } from '../../generation/offline/offline-generator.ts';
import {
  balanceCorrectPositions,
  checkFlashcards,
  checkMindmap,
  checkQuiz,
  enforceFlashcardQuality,
  enforceMindmapQuality,
  enforceQuizQuality,
  isNearDuplicate,
  maxUsesOfCorrectPosition,
} from '../../generation/quality.ts';
import { chapterFixture, generationFixtures } from '../fixtures/generation/documents.ts';

// Each rule is shown catching a crafted bad output; then the acceptance suite runs every rule over
// the offline generator's output for four kinds of document at every difficulty.

const source = { page: 1, excerpt: 'Photosynthesis is the process by which plants make sugar.' };

function validCards(): FlashcardSetContent {
  return {
    title: 'Cards',
    cards: [
      { id: 'card-1', term: 'photosynthesis', definition: 'The process by which plants convert light energy into chemical energy.', source },
      {
        id: 'card-2',
        term: 'stroma',
        definition: 'The dense fluid that surrounds the thylakoids inside the chloroplast.',
        source: { section: 'Chloroplasts', excerpt: 'The stroma is a fluid.' },
      },
      { id: 'card-3', term: 'ATP', definition: 'A molecule that stores and transfers energy within the cell.', source },
    ],
  };
}

const capitals: Array<[string, string, string[]]> = [
  ['France', 'Paris', ['Berlin', 'Madrid', 'Rome']],
  ['Japan', 'Tokyo', ['Seoul', 'Bangkok', 'Hanoi']],
  ['Kenya', 'Nairobi', ['Accra', 'Cairo', 'Rabat']],
  ['Peru', 'Lima', ['Santiago', 'Quito', 'Bogotá']],
  ['Canada', 'Ottawa', ['Havana', 'Washington', 'Mexico City']],
  ['Fiji', 'Suva', ['Canberra', 'Wellington', 'Port Moresby']],
  ['Norway', 'Oslo', ['Stockholm', 'Helsinki', 'Copenhagen']],
  ['Egypt', 'Cairo', ['Tunis', 'Algiers', 'Khartoum']],
];

function validQuiz(): QuizContent {
  return {
    title: 'Quiz',
    questions: capitals.map(([country, capital, others], index) => {
      const position = index % 4;
      const options = [...others.slice(0, position), capital, ...others.slice(position)];
      return {
        id: `q-${index + 1}`,
        type: 'multipleChoice',
        question: `What is the capital of ${country}?`,
        options,
        correctAnswerIndex: position,
        explanation: `The table lists ${capital} as the capital of ${country}.`,
        source: { section: 'Countries', excerpt: `${country},${capital}` },
      };
    }),
  };
}

function validMindmap(): MindmapContent {
  return {
    title: 'Map',
    rootId: 'n-1',
    nodes: [
      { id: 'n-1', label: 'Photosynthesis', definition: 'Making sugar from light.', isHighlyImportant: true, parentId: null },
      { id: 'n-2', label: 'Chloroplast', definition: 'The organelle.', isHighlyImportant: false, parentId: 'n-1' },
      { id: 'n-3', label: 'Stroma', definition: 'The fluid.', isHighlyImportant: false, parentId: 'n-2' },
      { id: 'n-4', label: 'Calvin cycle', definition: 'Builds sugar.', isHighlyImportant: false, parentId: 'n-1' },
    ],
    edges: [
      { id: 'e-1', source: 'n-1', target: 'n-2' },
      { id: 'e-2', source: 'n-2', target: 'n-3' },
      { id: 'e-3', source: 'n-1', target: 'n-4' },
    ],
  };
}

function withQuestion(quiz: QuizContent, index: number, change: (question: QuizQuestion) => QuizQuestion): QuizContent {
  return { ...quiz, questions: quiz.questions.map((question, at) => (at === index ? change(question) : question)) };
}

function assertCaught(violations: readonly string[], pattern: RegExp): void {
  assert.ok(
    violations.some((violation) => pattern.test(violation)),
    `expected a violation matching ${pattern}, got ${JSON.stringify(violations)}`,
  );
}

describe('quality rules: well-formed output passes', () => {
  test('valid flashcards, quiz and mindmap have no violations', () => {
    assert.deepEqual(checkFlashcards(validCards()), []);
    assert.deepEqual(checkQuiz(validQuiz(), 8), []);
    assert.deepEqual(checkMindmap(validMindmap()), []);
  });
});

describe('quality rules: flashcards', () => {
  test('a repeated term is a duplicate card', () => {
    const cards = validCards();
    cards.cards.push({ ...cards.cards[0]!, id: 'card-4', term: 'Photosynthesis ', definition: 'Something else entirely, said differently.' });
    assertCaught(checkFlashcards(cards), /card card-4 duplicates card card-1/);
  });

  test('a definition that closes a parenthesis it never opened ("A bit older than master).") is caught; a quote standing for itself is not', () => {
    const cards = validCards();
    cards.cards.push({ id: 'card-4', term: 'feature release', definition: 'A bit older than master).', source });
    cards.cards.push({ id: 'card-5', term: 'triple-quoted string', definition: 'A string bound by three quotation marks (”) or apostrophes (‘).', source });
    const violations = checkFlashcards(cards);
    assertCaught(violations, /card card-4 has unbalanced brackets in its definition/);
    assert.ok(!violations.some((violation) => violation.includes('card-5')), JSON.stringify(violations));
  });

  test('a near-duplicate definition under another term is caught', () => {
    const cards = validCards();
    cards.cards.push({
      id: 'card-4',
      term: 'photosynthesis process',
      definition: 'The process by which plants convert light energy into chemical energy!',
      source,
    });
    assertCaught(checkFlashcards(cards), /duplicates card card-1/);
  });

  test('a card without page or section, or with an empty excerpt, is caught', () => {
    const cards = validCards();
    cards.cards[1] = { ...cards.cards[1]!, source: { excerpt: 'text' } };
    cards.cards[2] = { ...cards.cards[2]!, source: { page: 2, excerpt: '   ' } };
    const violations = checkFlashcards(cards);
    assertCaught(violations, /card-2 source names neither a page nor a section/);
    assertCaught(violations, /card-3 source has an empty excerpt/);
  });

  test('duplicate ids and a term defined by itself are caught', () => {
    const cards = validCards();
    cards.cards[2] = { ...cards.cards[2]!, id: 'card-1', definition: 'atp' };
    const violations = checkFlashcards(cards);
    assertCaught(violations, /card id "card-1" is used more than once/);
    assertCaught(violations, /defines the term by itself/);
  });

  test('shape errors (an empty term, no cards) are reported', () => {
    const cards = validCards();
    cards.cards[0] = { ...cards.cards[0]!, term: '' };
    assertCaught(checkFlashcards(cards), /^shape: cards\.0\.term/);
    assertCaught(checkFlashcards({ title: 'Cards', cards: [] }), /^shape: cards/);
  });
});

describe('quality rules: quizzes', () => {
  test('the number of questions must be the number asked for', () => {
    assertCaught(checkQuiz(validQuiz(), 10), /8 questions, 10 were asked for/);
  });

  test('options must be four and distinct ignoring case, spacing, punctuation and plurals', () => {
    assertCaught(
      checkQuiz(
        withQuestion(validQuiz(), 0, (q) => ({ ...q, options: q.options.slice(0, 3) })),
        8,
      ),
      /^shape: questions\.0\.options/,
    );
    const cased = withQuestion(validQuiz(), 0, (q) => ({ ...q, options: ['Paris', ' paris ', 'Rome', 'Madrid'], correctAnswerIndex: 0 }));
    assertCaught(checkQuiz(cased, 8), /question q-1 has options that are not distinct/);
    const plural = withQuestion(validQuiz(), 1, (q) => ({ ...q, options: ['Tokyo', 'city-states', 'City states', 'Hanoi'], correctAnswerIndex: 0 }));
    assertCaught(checkQuiz(plural, 8), /question q-2 has options that are not distinct/);
  });

  test('exactly one correct answer: the index must be in range', () => {
    assertCaught(
      checkQuiz(
        withQuestion(validQuiz(), 2, (q) => ({ ...q, correctAnswerIndex: 4 })),
        8,
      ),
      /^shape: questions\.2\.correctAnswerIndex/,
    );
    assertCaught(
      checkQuiz(
        withQuestion(validQuiz(), 2, (q) => ({ ...q, correctAnswerIndex: -1 })),
        8,
      ),
      /^shape: questions\.2\.correctAnswerIndex/,
    );
  });

  test('a stem cut from inside a quotation (a typographic quote closing before it opens) is caught', () => {
    const cut = withQuestion(validQuiz(), 0, (question) => ({
      ...question,
      question: 'Complete the sentence: "VT-x” or “SVM mode” (AMD) is usually found in the _____ in the Advanced section."',
    }));
    assertCaught(checkQuiz(cut, 8), /question q-1: the stem has unbalanced quotes/);
    const whole = withQuestion(validQuiz(), 0, (question) => ({ ...question, question: 'Complete the sentence: "The “SVM mode” is found in the _____."' }));
    assert.ok(!checkQuiz(whole, 8).some((violation) => /unbalanced/.test(violation)));
  });

  test('a property named by its dot (".searchParams") is code in a stem; a file named by its dot (".bashrc") is not', () => {
    const property = withQuestion(validQuiz(), 0, (question) => ({
      ...question,
      question: 'Complete the sentence: "Use care when using .searchParams to modify the URL, as the _____ encodes characters differently."',
    }));
    assertCaught(checkQuiz(property, 8), /question q-1: the stem contains code/);
    const file = withQuestion(validQuiz(), 0, (question) => ({
      ...question,
      question: 'Complete the sentence: "The .bashrc file is read by every interactive _____."',
    }));
    assert.ok(!checkQuiz(file, 8).some((violation) => /contains code/.test(violation)));
  });

  test('a quoted sentence opening in lower case starts mid-sentence; a quoted term or topic may', () => {
    const cut = withQuestion(validQuiz(), 0, (question) => ({ ...question, question: 'Complete the sentence: "if they exist, the _____ is read."' }));
    assertCaught(checkQuiz(cut, 8), /question q-1: the stem starts mid-sentence/);
    const term = withQuestion(validQuiz(), 0, (question) => ({ ...question, question: 'What does "mount point" mean?' }));
    const topic = withQuestion(validQuiz(), 1, (question) => ({ ...question, question: 'Which statement about "pads" is true?' }));
    assert.ok(![...checkQuiz(term, 8), ...checkQuiz(topic, 8)].some((violation) => /mid-sentence/.test(violation)));
  });

  test('"all of the above", "none of the above" and "both" options are rejected', () => {
    for (const bad of ['All of the above', 'none of the above', 'Both A and B', 'Neither of these']) {
      const quiz = withQuestion(validQuiz(), 3, (q) => ({
        ...q,
        options: q.options.map((option, index) => (index === (q.correctAnswerIndex + 1) % 4 ? bad : option)),
      }));
      assertCaught(checkQuiz(quiz, 8), /question q-4 has an "all\/none of the above" or "both" option/);
    }
  });

  test('the stem must not contain the correct answer', () => {
    const quiz = withQuestion(validQuiz(), 0, (q) => ({ ...q, question: 'Paris is the capital of which country, and what is the capital of France?' }));
    assertCaught(checkQuiz(quiz, 8), /question q-1 states its correct answer "Paris" in the question/);
  });

  test('a stem naming an acronym only the correct option has gives the answer away; one the wrong options share does not', () => {
    const stem = 'The _____ is the least restrictive: everything is permitted, including use of modified BSD code in a proprietary application.';
    const licences = ['BSD license', 'Artistic License', 'GNU GPL', 'Apache License'];
    const away = withQuestion(validQuiz(), 0, (q) => ({ ...q, question: stem, options: licences, correctAnswerIndex: 0 }));
    assertCaught(checkQuiz(away, 8), /question q-1 gives its answer away: "BSD" is in the question and only in the correct option/);
    const shared = withQuestion(validQuiz(), 0, (q) => ({
      ...q,
      question: stem,
      options: ['BSD license', 'BSD 4-clause license', 'GNU GPL', 'Apache License'],
      correctAnswerIndex: 0,
    }));
    assert.ok(!checkQuiz(shared, 8).some((violation) => /gives its answer away/.test(violation)));
  });

  test('near-duplicate questions are caught (same words, or one stem inside another)', () => {
    const same = withQuestion(validQuiz(), 5, (q) => ({ ...q, question: 'what is the CAPITAL of France' }));
    assertCaught(checkQuiz(same, 8), /question q-6 duplicates question q-1/);
    const contained = withQuestion(validQuiz(), 5, (q) => ({ ...q, question: 'Thinking of maps: what is the capital of Japan? Answer below.' }));
    assertCaught(checkQuiz(contained, 8), /question q-6 duplicates question q-2/);
  });

  test('correct positions must be balanced across the quiz', () => {
    const allFirst: QuizContent = {
      ...validQuiz(),
      questions: validQuiz().questions.map((q) => {
        const correct = q.options[q.correctAnswerIndex]!;
        return { ...q, options: [correct, ...q.options.filter((option) => option !== correct)], correctAnswerIndex: 0 };
      }),
    };
    const violations = checkQuiz(allFirst, 8);
    assertCaught(violations, /index 0 is correct 8 times of 8 \(at most 3\)/);
    assertCaught(violations, /index 3 is never correct in 8 questions/);
    assert.equal(maxUsesOfCorrectPosition(10), 4);
    assert.equal(maxUsesOfCorrectPosition(3), 3);
  });

  test('every question needs a source with page or section and an excerpt, and an explanation', () => {
    const quiz = withQuestion(validQuiz(), 4, (q) => ({ ...q, explanation: ' ', source: { excerpt: '' } }));
    const violations = checkQuiz(quiz, 8);
    assertCaught(violations, /q-5 source names neither a page nor a section/);
    assertCaught(violations, /q-5 source has an empty excerpt/);
    assertCaught(violations, /q-5 has no explanation/);
  });

  test('balanceCorrectPositions keeps each answer and spreads the positions evenly', () => {
    const allFirst = validQuiz().questions.map((q) => ({
      ...q,
      options: [q.options[q.correctAnswerIndex]!, ...q.options.filter((_, i) => i !== q.correctAnswerIndex)],
      correctAnswerIndex: 0,
    }));
    const balanced = balanceCorrectPositions(allFirst, () => 0.42);
    balanced.forEach((question, index) => assert.equal(question.options[question.correctAnswerIndex], allFirst[index]!.options[0]));
    const counts = [0, 1, 2, 3].map((position) => balanced.filter((q) => q.correctAnswerIndex === position).length);
    assert.deepEqual(counts, [2, 2, 2, 2]);
    assert.deepEqual(checkQuiz({ title: 'Quiz', questions: balanced }, 8), []);
  });
});

describe('quality rules: mindmaps', () => {
  test('rootId must name a node, and there is exactly one root', () => {
    assertCaught(checkMindmap({ ...validMindmap(), rootId: 'n-9' }), /rootId "n-9" is not a node/);
    const twoRoots = validMindmap();
    twoRoots.nodes[3] = { ...twoRoots.nodes[3]!, parentId: null };
    twoRoots.edges = twoRoots.edges.filter((edge) => edge.target !== 'n-4');
    assertCaught(checkMindmap(twoRoots), /2 nodes without a parent/);
    const wrongRoot = validMindmap();
    assertCaught(checkMindmap({ ...wrongRoot, rootId: 'n-2' }), /the node without a parent is "n-1", not rootId "n-2"/);
  });

  test('edges must match parentId links exactly', () => {
    const missing = validMindmap();
    missing.edges = missing.edges.slice(0, 2);
    assertCaught(checkMindmap(missing), /the parent link n-1→n-4 has no edge/);
    const reversed = validMindmap();
    reversed.edges[1] = { id: 'e-2', source: 'n-3', target: 'n-2' };
    const violations = checkMindmap(reversed);
    assertCaught(violations, /edge e-2 \(n-3→n-2\) does not match/);
    assertCaught(violations, /the parent link n-2→n-3 has no edge/);
    const repeated = validMindmap();
    repeated.edges.push({ id: 'e-4', source: 'n-1', target: 'n-4' });
    assertCaught(checkMindmap(repeated), /edge e-4 repeats the link n-1→n-4/);
  });

  test('cycles and unknown parents are caught', () => {
    const cyclic = validMindmap();
    cyclic.nodes[1] = { ...cyclic.nodes[1]!, parentId: 'n-3' };
    cyclic.edges[0] = { id: 'e-1', source: 'n-3', target: 'n-2' };
    assertCaught(checkMindmap(cyclic), /is on a cycle/);
    const orphan = validMindmap();
    orphan.nodes[3] = { ...orphan.nodes[3]!, parentId: 'n-42' };
    orphan.edges[2] = { id: 'e-3', source: 'n-42', target: 'n-4' };
    assertCaught(checkMindmap(orphan), /node n-4 has unknown parent "n-42"/);
  });

  test('duplicate node ids and empty labels are caught', () => {
    const duplicate = validMindmap();
    duplicate.nodes.push({ ...duplicate.nodes[3]! });
    assertCaught(checkMindmap(duplicate), /node id "n-4" is used more than once/);
    const blank = validMindmap();
    blank.nodes[2] = { ...blank.nodes[2]!, label: '   ' };
    assertCaught(checkMindmap(blank), /node n-3 has an empty label/);
  });
});

describe('quality rules: enforcement', () => {
  test('enforce helpers throw a GenerationError listing the violations', () => {
    assert.throws(
      () => enforceQuizQuality(validQuiz(), 9),
      (error: unknown) =>
        error instanceof GenerationError &&
        !error.retryable &&
        /quiz broke 1 quality rule\(s\): the quiz has 8 questions, 9 were asked for/.test(error.message),
    );
    assert.throws(
      () => enforceMindmapQuality({ ...validMindmap(), rootId: 'x' }, { retryable: true }),
      (error: unknown) => error instanceof GenerationError && error.retryable,
    );
    assert.doesNotThrow(() => enforceFlashcardQuality(validCards()));
  });

  test('near-duplicate detection: Jaccard ≥ 0.8 or containment of three or more words', () => {
    assert.ok(isNearDuplicate('The Calvin cycle builds sugar.', 'the calvin cycles build sugar'));
    assert.ok(isNearDuplicate('light energy into chemical energy', 'Plants turn light energy into chemical energy every day.'));
    assert.ok(!isNearDuplicate('What is the capital of France?', 'What is the capital of Spain?'));
    assert.ok(!isNearDuplicate('cell', 'cell wall structure'));
  });
});

describe('acceptance: offline output passes every rule for four kinds of document', () => {
  const generator = createOfflineGenerator();
  for (const fixture of generationFixtures()) {
    for (const difficulty of difficulties) {
      const input = { sourceTitle: fixture.sourceTitle, content: fixture.content, difficulty };

      test(`${fixture.kind} / ${difficulty}: flashcards`, async () => {
        const { content } = await generator.flashcards(input);
        assert.deepEqual(checkFlashcards(content), []);
      });

      test(`${fixture.kind} / ${difficulty}: mindmap`, async () => {
        const { content } = await generator.mindmap(input);
        assert.deepEqual(checkMindmap(content), []);
      });

      test(`${fixture.kind} / ${difficulty}: quizzes of 5 and 10, and the largest the source supports`, async () => {
        for (const numberOfQuestions of [5, 10]) {
          const { content } = await generator.quiz({ ...input, numberOfQuestions });
          assert.deepEqual(checkQuiz(content, numberOfQuestions), [], `${numberOfQuestions} questions`);
        }
        let supported = 50;
        try {
          const { content } = await generator.quiz({ ...input, numberOfQuestions: 50 });
          assert.deepEqual(checkQuiz(content, 50), []);
          return;
        } catch (error) {
          assert.ok(error instanceof GenerationError && !error.retryable, String(error));
          const match = /the source supports only (\d+) questions? at difficulty (\w+); ask for \1 or fewer/.exec(error.message);
          assert.ok(match, error.message);
          assert.equal(match[2], difficulty);
          supported = Number(match[1]);
        }
        const { content } = await generator.quiz({ ...input, numberOfQuestions: supported });
        assert.deepEqual(checkQuiz(content, supported), []);
        await assert.rejects(
          generator.quiz({ ...input, numberOfQuestions: supported + 1 }),
          new RegExp(`supports only ${supported} questions? at difficulty ${difficulty}`),
        );
      });
    }
  }

  test('a count larger than a short source supports fails with the number it supports', async () => {
    const chapter = chapterFixture();
    const pages = chapter.content.outline.slice(0, 2);
    const content = { title: 'Energy for Life', text: pages.map((page) => page.text).join('\n'), outline: pages };
    await assert.rejects(
      generator.quiz({ sourceTitle: 'Energy for Life', content, difficulty: 'hard', numberOfQuestions: 40 }),
      (error: unknown) =>
        error instanceof GenerationError &&
        !error.retryable &&
        /^the source supports only \d+ questions? at difficulty hard; ask for \d+ or fewer$/.test(error.message),
    );
  });
});
