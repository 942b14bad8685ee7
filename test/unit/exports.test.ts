import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DatabaseSync } from 'node:sqlite';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { parse as parseGift } from 'gift-pegjs';
import { Transformer } from 'markmap-lib';
import type { FlashcardSetContent, MindmapContent, QuizContent } from '../../domain/learning-content.ts';
import { flashcardsApkg } from '../../http/exports/flashcards-apkg.ts';
import { flashcardsCsv } from '../../http/exports/flashcards-csv.ts';
import { flashcardsTsv } from '../../http/exports/flashcards-tsv.ts';
import { exportFileName } from '../../http/exports/index.ts';
import { mindmapFreemind } from '../../http/exports/mindmap-freemind.ts';
import { mindmapMarkdown } from '../../http/exports/mindmap-markdown.ts';
import { mindmapMermaid } from '../../http/exports/mindmap-mermaid.ts';
import { mindmapOpml } from '../../http/exports/mindmap-opml.ts';
import { quizCsv } from '../../http/exports/quiz-csv.ts';
import { quizGift } from '../../http/exports/quiz-gift.ts';
import { quizMoodleXml } from '../../http/exports/quiz-moodle-xml.ts';
import { quizQti } from '../../http/exports/quiz-qti.ts';
import { restored } from '../../http/exports/spreadsheet-cells.ts';
import { htmlText } from '../support/html-text.ts';
import { readMermaidMindmap } from '../support/mermaid.ts';

// Every export read back by its format's own reader (csv-parse, SQLite for the Anki collection,
// gift-pegjs, an XML parser, markmap's transformer, Mermaid's parser), with hostile text in every field: nothing is
// lost, nothing is read as markup or as a spreadsheet formula.

const hostile = [
  'Quote "it" & <b>bold</b> </text>',
  '=SUM(A1:A2)',
  '+1 and -2',
  '@import',
  '{curly} = ~tilde # hash : colon \\ backslash',
  'comma, and "quoted", here',
  'line one\nline two',
  'Ünïcödé 🧪 — ∑',
];

const set: FlashcardSetContent = {
  title: 'Cells & "Tissues"',
  cards: hostile.map((text, i) => ({
    id: `c${i}`,
    term: text,
    definition: `${text} (definition ${i})`,
    source: { page: i + 1, section: `Section ${text}`, excerpt: `excerpt ${text}` },
  })),
};

const quiz: QuizContent = {
  title: 'Quiz: {hostile} = ~',
  questions: hostile.map((text, i) => ({
    id: `q${i}`,
    type: 'multipleChoice',
    question: `Which is it? ${text}`,
    options: [`${text} A`, `${text} B`, `${text} C`, `${text} D`],
    correctAnswerIndex: i % 4,
    explanation: `Because ${text}`,
    source: { page: i + 1, excerpt: `excerpt ${text}` },
  })),
};

const mindmap: MindmapContent = {
  title: 'Map <of> & things',
  rootId: 'root',
  nodes: [
    { id: 'root', label: hostile[0] as string, definition: 'the root', isHighlyImportant: true, parentId: null },
    ...hostile
      .slice(1)
      .map((text, i) => ({ id: `n${i}`, label: text, definition: `about ${text}`, isHighlyImportant: false, parentId: i < 3 ? 'root' : `n${i % 3}` })),
  ],
  edges: [],
};

/** The tree the mindmap describes, as labels, with line breaks as the formats that cannot hold them show them. */
type Labels = { label: string; children: Labels[] };
const expectedTree = (oneLine: boolean): Labels => {
  const build = (id: string): Labels => {
    const node = mindmap.nodes.find((entry) => entry.id === id) as MindmapContent['nodes'][number];
    return {
      label: oneLine ? node.label.replace(/\n/g, ' ') : node.label,
      children: mindmap.nodes.filter((entry) => entry.parentId === id).map((entry) => build(entry.id)),
    };
  };
  return build('root');
};

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['question', 'answer', 'outline', 'node', 'simpleChoice', 'resource'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
});

describe('exports read back by their formats’ readers', () => {
  test('flashcards CSV: every cell back through csv-parse, formulas defused', () => {
    const text = flashcardsCsv(set);
    assert.doesNotMatch(text, /^=|,=|,\+|,@/m, 'no cell starts a formula');
    const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((row) => ({
        term: restored(row['term'] as string),
        definition: restored(row['definition'] as string),
        page: row['page'],
        excerpt: row['excerpt'],
      })),
      set.cards.map((card) => ({ term: card.term, definition: card.definition, page: String(card.source.page), excerpt: card.source.excerpt })),
    );
  });

  test('flashcards TSV (Quizlet): one term<Tab>definition line per card', () => {
    const lines = flashcardsTsv(set).trimEnd().split('\n');
    assert.equal(lines.length, set.cards.length);
    assert.deepEqual(
      lines.map((line) => line.split('\t')),
      set.cards.map((card) => [card.term.replace(/\n/g, ' '), card.definition.replace(/\n/g, ' ')]),
    );
  });

  test('flashcards APKG: a zip with Anki’s collection database and media manifest, one note and card per card', () => {
    const files = unzipSync(flashcardsApkg(set, { setId: 'set-1', updatedAt: '2026-11-24T10:00:00.000Z' }));
    assert.deepEqual(Object.keys(files).sort(), ['collection.anki2', 'media']);
    assert.equal(strFromU8(files['media'] as Uint8Array), '{}');
    const db = new DatabaseSync(':memory:');
    db.deserialize(files['collection.anki2'] as Uint8Array);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    assert.deepEqual(tables, ['cards', 'col', 'graves', 'notes', 'revlog']);
    const col = db.prepare('SELECT ver, models, decks FROM col').get() as { ver: number; models: string; decks: string };
    assert.equal(col.ver, 11);
    const [model] = Object.values(JSON.parse(col.models)) as { flds: { name: string }[] }[];
    assert.deepEqual(
      model?.flds.map((field) => field.name),
      ['Front', 'Back'],
    );
    assert.ok((Object.values(JSON.parse(col.decks)) as { name: string }[]).some((deck) => deck.name === set.title));
    const notes = db.prepare('SELECT flds, sfld FROM notes ORDER BY id').all() as { flds: string; sfld: string }[];
    assert.deepEqual(
      notes.map((note) => htmlText(note.flds.split('\x1f')[0] as string)),
      set.cards.map((card) => card.term),
    );
    for (const [i, note] of notes.entries()) {
      const back = note.flds.split('\x1f')[1] as string;
      assert.ok(htmlText(back).startsWith(set.cards[i]?.definition as string));
      assert.doesNotMatch(back.replace(/<\/?div[^>]*>/g, ''), /<b>|<\/text>/, 'card text is escaped, never markup');
    }
    assert.equal((db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n, set.cards.length);
    db.close();
  });

  test('quiz GIFT: gift-pegjs reads every stem, option, correct answer and explanation', () => {
    const parsed = parseGift(quizGift(quiz)) as {
      type: string;
      stem: { text: string };
      choices: { isCorrect: boolean; text: { text: string } }[];
      globalFeedback: { text: string } | null;
    }[];
    assert.equal(parsed.length, quiz.questions.length);
    for (const [i, question] of quiz.questions.entries()) {
      const read = parsed[i];
      assert.equal(read?.type, 'MC');
      assert.equal(read?.stem.text, question.question.replace(/\n/g, ' '));
      assert.deepEqual(
        read?.choices.map((choice) => choice.text.text),
        question.options.map((option) => option.replace(/\n/g, ' ')),
      );
      assert.equal(
        read?.choices.findIndex((choice) => choice.isCorrect),
        question.correctAnswerIndex,
      );
      assert.equal(read?.globalFeedback?.text, question.explanation.replace(/\n/g, ' '));
    }
  });

  test('quiz Moodle XML: a category and one multichoice question each, the right answer at 100%', () => {
    const parsed = xml.parse(quizMoodleXml(quiz)) as { quiz: { question: Record<string, any>[] } };
    const [category, ...questions] = parsed.quiz.question;
    assert.equal(category?.['@type'], 'category');
    assert.equal(questions.length, quiz.questions.length);
    for (const [i, question] of quiz.questions.entries()) {
      const read = questions[i] as Record<string, any>;
      assert.equal(read['@type'], 'multichoice');
      assert.equal(read['questiontext'].text, question.question);
      assert.deepEqual(
        read['answer'].map((answer: { text: string }) => answer.text),
        question.options,
      );
      assert.equal(
        read['answer'].findIndex((answer: { '@fraction': string }) => answer['@fraction'] === '100'),
        question.correctAnswerIndex,
      );
      assert.equal(read['generalfeedback'].text, question.explanation);
    }
  });

  test('quiz QTI 2.1: the manifest references every item, each with its choices and correct response', () => {
    const files = unzipSync(quizQti(quiz));
    const manifest = xml.parse(strFromU8(files['imsmanifest.xml'] as Uint8Array)) as { manifest: { resources: { resource: Record<string, any>[] } } };
    const resources = manifest.manifest.resources.resource;
    assert.equal(resources.length, quiz.questions.length);
    for (const [i, question] of quiz.questions.entries()) {
      const resource = resources[i] as Record<string, any>;
      assert.equal(resource['@type'], 'imsqti_item_xmlv2p1');
      const item = (xml.parse(strFromU8(files[resource['@href']] as Uint8Array)) as { assessmentItem: Record<string, any> }).assessmentItem;
      const interaction = item['itemBody'].choiceInteraction;
      assert.equal(interaction.prompt, question.question);
      const choices = interaction.simpleChoice as { '@identifier': string; '#text': string }[];
      assert.deepEqual(
        choices.map((choice) => choice['#text']),
        question.options,
      );
      assert.equal(item['responseDeclaration'].correctResponse.value, choices[question.correctAnswerIndex]?.['@identifier']);
    }
  });

  test('quiz CSV: stems, options, the correct letter and the explanation back through csv-parse', () => {
    const rows = parseCsv(quizCsv(quiz), { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((row) => ({
        question: restored(row['question'] as string),
        options: ['A', 'B', 'C', 'D'].map((letter) => restored(row[`option ${letter}`] as string)),
        correct: row['correct'],
        explanation: row['explanation'],
      })),
      quiz.questions.map((question) => ({
        question: question.question,
        options: question.options,
        correct: 'ABCD'[question.correctAnswerIndex],
        explanation: question.explanation,
      })),
    );
  });

  test('mindmap Markdown: markmap’s transformer reads back the same tree', () => {
    const { root } = new Transformer().transform(mindmapMarkdown(mindmap));
    const labels = (node: { content: string; children?: unknown[] }): Labels => ({
      label: htmlText(node.content),
      children: ((node.children ?? []) as { content: string }[]).map(labels),
    });
    assert.deepEqual(labels(root as { content: string }), expectedTree(true));
  });

  test('mindmap OPML and FreeMind: parsed back into the same tree', () => {
    const fromOutline = (node: Record<string, any>, attribute: string, childName: string): Labels => ({
      label: node[attribute],
      children: (node[childName] ?? []).map((child: Record<string, any>) => fromOutline(child, attribute, childName)),
    });
    const opml = xml.parse(mindmapOpml(mindmap)) as { opml: { body: { outline: Record<string, any>[] }; head: { title: string } } };
    assert.equal(opml.opml.head.title, mindmap.title);
    assert.deepEqual(fromOutline(opml.opml.body.outline[0] as Record<string, any>, '@text', 'outline'), expectedTree(false));
    const freemind = xml.parse(mindmapFreemind(mindmap)) as { map: { node: Record<string, any>[] } };
    assert.deepEqual(fromOutline(freemind.map.node[0] as Record<string, any>, '@TEXT', 'node'), expectedTree(false));
  });

  test('mindmap Mermaid: Mermaid’s own parser reads a mindmap diagram of the same tree, every label as text', async () => {
    assert.deepEqual(await readMermaidMindmap(mindmapMermaid(mindmap)), expectedTree(true));
    await assert.rejects(readMermaidMindmap('mindmap\n  n0["a"]\n    n1["b]]'), 'the reader refuses what Mermaid cannot parse');
  });

  test('file names come from the title without characters a file system or a header would choke on', () => {
    assert.equal(exportFileName('Cells & "Tissues" / part 1', 'apkg'), 'Cells Tissues part 1.apkg');
    assert.equal(exportFileName('<script>', 'csv'), 'script.csv');
    assert.equal(exportFileName('', 'md'), 'export.md');
  });
});
