import type { FlashcardSetContent, GenerationKind, MindmapContent, QuizContent } from '../../domain/learning-content.ts';
import { flashcardsApkg } from './flashcards-apkg.ts';
import { flashcardsCsv } from './flashcards-csv.ts';
import { flashcardsTsv } from './flashcards-tsv.ts';
import { mindmapFreemind } from './mindmap-freemind.ts';
import { mindmapMarkdown } from './mindmap-markdown.ts';
import { mindmapMermaid } from './mindmap-mermaid.ts';
import { mindmapOpml } from './mindmap-opml.ts';
import { quizCsv } from './quiz-csv.ts';
import { quizGift } from './quiz-gift.ts';
import { quizMoodleXml } from './quiz-moodle-xml.ts';
import { quizQti } from './quiz-qti.ts';

// The export formats of each generated resource: pure functions from the resource to the bytes of a
// file its user's tool imports, with the Content-Type and file extension that file goes by.

export type Exportable = { id: string; title: string; updatedAt: string };
export type Exporter<Content> = { contentType: string; extension: string; render(content: Content, resource: Exportable): string | Uint8Array };

export const exporters = {
  flashcards: {
    apkg: {
      contentType: 'application/apkg',
      extension: 'apkg',
      render: (set, resource) => flashcardsApkg(set, { setId: resource.id, updatedAt: resource.updatedAt }),
    },
    csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv', render: flashcardsCsv },
    tsv: { contentType: 'text/tab-separated-values; charset=utf-8', extension: 'tsv', render: flashcardsTsv },
  } satisfies Record<string, Exporter<FlashcardSetContent>>,
  quiz: {
    gift: { contentType: 'text/plain; charset=utf-8', extension: 'gift.txt', render: quizGift },
    'moodle-xml': { contentType: 'application/xml; charset=utf-8', extension: 'xml', render: quizMoodleXml },
    qti: { contentType: 'application/zip', extension: 'qti.zip', render: quizQti },
    csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv', render: quizCsv },
  } satisfies Record<string, Exporter<QuizContent>>,
  mindmap: {
    markdown: { contentType: 'text/markdown; charset=utf-8', extension: 'md', render: mindmapMarkdown },
    opml: { contentType: 'text/x-opml; charset=utf-8', extension: 'opml', render: mindmapOpml },
    mermaid: { contentType: 'text/plain; charset=utf-8', extension: 'mmd', render: mindmapMermaid },
    freemind: { contentType: 'application/x-freemind; charset=utf-8', extension: 'mm', render: mindmapFreemind },
  } satisfies Record<string, Exporter<MindmapContent>>,
} as const;

export const exportFormats = (kind: GenerationKind): string[] => Object.keys(exporters[kind]);

/** A file name from the resource's title: letters, digits, spaces, dots and dashes, at most 100 characters. */
export const exportFileName = (title: string, extension: string): string =>
  `${
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'export'
  }.${extension}`;
