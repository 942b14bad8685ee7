import { z } from 'zod';
import { SourceMetadata, SourceType } from '../domain/events.ts';
import {
  DEFAULT_QUESTIONS,
  Difficulty,
  Flashcard,
  MAX_QUESTIONS,
  MIN_QUESTIONS,
  MindmapEdge,
  MindmapNode,
  OutlineEntry,
  QuizQuestion,
  outlineKinds,
} from '../domain/learning-content.ts';

// Request and response shapes of the public API (spec §2, DESIGN.md §8).

const httpUrl = (field: string) =>
  z
    .string({ error: `${field} is required and must be a string` })
    .trim()
    .min(1, `${field} is required`)
    .max(2048, `${field} is too long`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${field} must be an http or https URL`)
    // A password in a URL would be stored in an event and shown back to everyone who lists sources.
    .refine((value) => URL.canParse(value) && !new URL(value).username && !new URL(value).password, `${field} must not contain a user name or password`);

/** One rule for file names on both upload paths: 1 to 255 characters, no path separators or control characters. */
export const fileNameRule = (field: string) =>
  z
    .string({ error: `${field} is required and must be a string` })
    .trim()
    .min(1, `${field} is required`)
    .max(255, `${field} must be at most 255 characters`)
    .refine((name) => !/[\\/\x00-\x1f\x7f]/.test(name), `${field} must be a plain file name (no path separators or control characters)`);

export const ErrorBody = z.object({ error: z.string() }).meta({ id: 'Error' });
export const MessageBody = z.object({ message: z.string() }).meta({ id: 'Message' });
const DateTime = z.iso.datetime();

export const CreateOrganizationBody = z.strictObject({
  name: z.string({ error: 'name is required and must be a string' }).trim().min(1, 'name is required').max(200, 'name is too long'),
  url: httpUrl('url'),
});

export const Organization = z
  .object({ _id: z.string(), name: z.string(), url: z.string(), createdAt: DateTime, updatedAt: DateTime })
  .meta({ id: 'Organization' });

export const ApiKeyRecord = z
  .object({ _id: z.string(), apiKey: z.string(), organizationId: z.string(), createdAt: DateTime, updatedAt: DateTime })
  .meta({ id: 'ApiKeyRecord', description: 'The key value is shown only in this response; store it in a secret store.' });

export const CreateOrganizationResponse = z.object({ organization: Organization, apiKey: ApiKeyRecord });

export const sourceStatuses = ['pending', 'processing', 'indexed', 'failed'] as const;

const sourceFields = {
  sourceType: SourceType,
  url: z.string().optional(),
  fileName: z.string().optional(),
  metadata: SourceMetadata.optional(),
  title: z.string().optional(),
  status: z.enum(sourceStatuses),
  error: z.string().optional().describe('why indexing failed, when status is failed'),
  wordCount: z.number().int().optional(),
  language: z.string().optional(),
  outline: z
    .array(
      z.object({
        kind: z.enum(outlineKinds),
        index: z.number().int(),
        title: z.string().optional(),
        wordCount: z.number().int(),
        ocr: z.boolean().optional().describe('a scanned page, read by text recognition'),
      }),
    )
    .optional(),
  createdAt: DateTime,
  updatedAt: DateTime,
};
export const Source = z.object({ id: z.string(), ...sourceFields }).meta({ id: 'Source' });
export const SourceListItem = z.object({ _id: z.string(), ...sourceFields }).meta({ id: 'SourceListItem' });

export const IngestSourcePart = z.strictObject({
  sourceType: z.enum(['file', 'youtube', 'webpage'], { error: 'source.sourceType must be one of file, youtube, webpage' }),
  url: httpUrl('source.url').optional(),
  metadata: SourceMetadata.optional(),
});

export const UploadUrlBody = z.strictObject({
  fileName: fileNameRule('fileName'),
  sourceType: z.enum(['file', 'lectureAudio', 'lectureVideo'], { error: 'sourceType must be one of file, lectureAudio, lectureVideo' }),
  metadata: SourceMetadata.optional(),
});
export const UploadUrlResponse = z.object({ uploadUrl: z.string(), fileKey: z.string(), sourceId: z.string() });

export const SourceContent = z
  .object({ sourceId: z.string(), title: z.string().optional(), text: z.string(), outline: z.array(OutlineEntry) })
  .meta({ id: 'SourceContent' });

export const MindmapBody = z.strictObject({
  difficulty: Difficulty.default('medium').describe('easy | medium | hard'),
});
export const QuizBody = z.strictObject({
  numberOfQuestions: z
    .number({ error: `numberOfQuestions must be an integer from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}` })
    .int(`numberOfQuestions must be an integer from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`)
    .min(MIN_QUESTIONS, `numberOfQuestions must be an integer from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`)
    .max(MAX_QUESTIONS, `numberOfQuestions must be an integer from ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`)
    .default(DEFAULT_QUESTIONS),
  difficulty: Difficulty.default('medium'),
});
export const FlashcardsBody = z.strictObject({ difficulty: Difficulty.default('medium') });

const generatedFields = {
  sourceId: z.string(),
  title: z.string().optional(),
  status: z.enum(['generating', 'ready', 'failed']),
  error: z.string().optional(),
  difficulty: Difficulty,
  createdAt: DateTime,
  updatedAt: DateTime,
};
const withIds = <S extends z.ZodRawShape>(shape: S, name: string) => ({
  single: z.object({ id: z.string(), ...generatedFields, ...shape }).meta({ id: name }),
  listItem: z.object({ _id: z.string(), ...generatedFields, ...shape }).meta({ id: `${name}ListItem` }),
});

export const FlashcardSet = withIds({ cards: z.array(Flashcard).optional() }, 'FlashcardSet');
export const Quiz = withIds({ numberOfQuestions: z.number().int(), questions: z.array(QuizQuestion).optional() }, 'Quiz');
export const Mindmap = withIds({ rootId: z.string().optional(), nodes: z.array(MindmapNode).optional(), edges: z.array(MindmapEdge).optional() }, 'Mindmap');

export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit must be an integer from 1 to ${max}` })
    .int(`limit must be an integer from 1 to ${max}`)
    .min(1, `limit must be an integer from 1 to ${max}`)
    .max(max, `limit must be an integer from 1 to ${max}`)
    .default(fallback);

export const Pagination = z.object({
  limit: limitParam(200, 50),
  cursor: z.string().max(500, 'cursor is not valid').optional(),
});

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().optional() });
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
