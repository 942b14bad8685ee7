import { z } from 'zod';
import { Difficulty, FlashcardSetContent, GeneratorInfo, MindmapContent, QuizContent, outlineKinds } from './learning-content.ts';

// The event catalog. Events are the audit log: no plaintext API key and no document text in here;
// extracted text and uploaded bytes live in the blob store, referenced by key and SHA-256.

const Timestamp = z.iso.datetime();
const Id = z.string().min(1);

export const sourceTypes = ['file', 'youtube', 'webpage', 'lectureAudio', 'lectureVideo'] as const;
export const SourceType = z.enum(sourceTypes);
export type SourceType = z.infer<typeof SourceType>;

export const BlobRef = z.object({
  key: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  contentType: z.string().optional(),
});
export type BlobRef = z.infer<typeof BlobRef>;

/**
 * A client's metadata on a source, bounded as API users know it from Stripe: a flat object of at
 * most 50 keys of at most 40 characters, each value a string of at most 500 characters, a finite
 * number, a boolean or null. Flat and small, so no stored event can hold a nested bomb.
 */
export const METADATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;
const scalarRule = `metadata values must be strings of at most ${METADATA_LIMITS.valueLength} characters, numbers, booleans or null (no objects or arrays)`;
export const SourceMetadata = z
  .record(
    z.string(),
    z.union([z.string().max(METADATA_LIMITS.valueLength, scalarRule), z.number().finite(scalarRule), z.boolean(), z.null()], { error: scalarRule }),
    { error: (issue) => (issue.code === 'invalid_type' ? 'metadata must be an object' : undefined) },
  )
  .superRefine((metadata, ctx) => {
    const keys = Object.keys(metadata);
    if (keys.length > METADATA_LIMITS.keys) ctx.addIssue({ code: 'custom', message: `metadata may have at most ${METADATA_LIMITS.keys} keys` });
    if (keys.some((key) => key.length === 0 || key.length > METADATA_LIMITS.keyLength)) {
      ctx.addIssue({ code: 'custom', message: `metadata keys must be 1 to ${METADATA_LIMITS.keyLength} characters` });
    }
  });

const OutlineSummaryEntry = z.object({
  kind: z.enum(outlineKinds),
  index: z.number().int().nonnegative(),
  title: z.string().optional(),
  wordCount: z.number().int().nonnegative(),
  start: z.number().nonnegative().optional(),
  end: z.number().nonnegative().optional(),
  ocr: z.boolean().optional(),
});

const Lease = { workerId: z.string(), attempt: z.number().int().positive(), leaseExpiresAt: Timestamp, startedAt: Timestamp };
const Failure = { reason: z.string().min(1), retryable: z.boolean(), attempt: z.number().int().nonnegative(), failedAt: Timestamp };

function generationEvents<P extends string, D extends string, C extends z.ZodType>(prefix: P, deleted: D, content: C) {
  const requested = z.object({
    id: Id,
    organizationId: Id,
    sourceId: Id,
    difficulty: Difficulty,
    numberOfQuestions: z.number().int().optional(),
    requestedAt: Timestamp,
  });
  const started = z.object({ id: Id, ...Lease });
  const generated = z.object({ id: Id, content, generator: GeneratorInfo, generatedAt: Timestamp });
  const failed = z.object({ id: Id, ...Failure });
  const removed = z.object({ id: Id, deletedAt: Timestamp });
  return {
    [`${prefix}Requested`]: requested,
    [`${prefix}GenerationStarted`]: started,
    [`${prefix}Generated`]: generated,
    [`${prefix}GenerationFailed`]: failed,
    [deleted]: removed,
  } as { [K in `${P}Requested`]: typeof requested } & { [K in `${P}GenerationStarted`]: typeof started } & {
    [K in `${P}Generated`]: typeof generated;
  } & { [K in `${P}GenerationFailed`]: typeof failed } & { [K in D]: typeof removed };
}

export const eventSchemas = {
  OrganizationCreated: z.object({ organizationId: Id, name: z.string().min(1), url: z.string().url(), createdAt: Timestamp }),
  ApiKeyIssued: z.object({
    organizationId: Id,
    keyId: Id,
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    lastFour: z.string().length(4),
    issuedAt: Timestamp,
  }),
  ApiKeyRevoked: z.object({ organizationId: Id, keyId: Id, revokedAt: Timestamp }),

  SourceIngested: z.object({
    sourceId: Id,
    organizationId: Id,
    sourceType: SourceType,
    url: z.string().optional(),
    fileName: z.string().optional(),
    metadata: SourceMetadata.optional(),
    blob: BlobRef.optional(),
    ingestedAt: Timestamp,
  }),
  SourceUploadRequested: z.object({
    sourceId: Id,
    organizationId: Id,
    sourceType: SourceType,
    fileName: z.string().min(1),
    fileKey: z.string().min(1),
    contentType: z.string().optional(),
    metadata: SourceMetadata.optional(),
    expiresAt: Timestamp,
    requestedAt: Timestamp,
  }),
  SourceUploaded: z.object({ sourceId: Id, blob: BlobRef, uploadedAt: Timestamp }),
  SourceIndexingStarted: z.object({ sourceId: Id, ...Lease }),
  SourceIndexed: z.object({
    sourceId: Id,
    title: z.string(),
    content: BlobRef,
    outline: z.array(OutlineSummaryEntry),
    wordCount: z.number().int().nonnegative(),
    language: z.string(),
    detectedType: z.string().optional(),
    indexedAt: Timestamp,
  }),
  SourceIndexingFailed: z.object({ sourceId: Id, ...Failure }),
  SourceDeleted: z.object({ sourceId: Id, deletedAt: Timestamp }),

  WebhookEndpointCreated: z.object({ webhookId: Id, organizationId: Id, url: z.string().url(), events: z.array(z.string()), createdAt: Timestamp }),
  WebhookSecretRotated: z.object({ webhookId: Id, organizationId: Id, secretVersion: z.number().int().positive(), rotatedAt: Timestamp }),
  WebhookEndpointDisabled: z.object({ webhookId: Id, organizationId: Id, reason: z.string().min(1), disabledAt: Timestamp }),
  WebhookEndpointDeleted: z.object({ webhookId: Id, organizationId: Id, deletedAt: Timestamp }),
  WebhookDeliveryAttempted: z.object({
    deliveryId: Id,
    webhookId: Id,
    organizationId: Id,
    eventType: z.string(),
    resourceId: Id,
    sourceEventId: Id,
    sourceRecordedAt: Timestamp,
    attempt: z.number().int().positive(),
    outcome: z.enum(['delivered', 'failed']),
    /** The receiver's HTTP status; null when no answer came (refused, timed out). */
    status: z.number().int().nullable(),
    error: z.string().optional(),
    durationMs: z.number().nonnegative(),
    attemptedAt: Timestamp,
    /** When the next attempt is due; null once delivered or when the schedule is exhausted. */
    nextAttemptAt: Timestamp.nullable(),
  }),
  WebhookDeliveryRetryRequested: z.object({ deliveryId: Id, webhookId: Id, organizationId: Id, requestedAt: Timestamp }),
  WebhookDeliveryAbandoned: z.object({ deliveryId: Id, webhookId: Id, organizationId: Id, reason: z.string().min(1), abandonedAt: Timestamp }),

  ...generationEvents('Flashcards', 'FlashcardSetDeleted', FlashcardSetContent),
  ...generationEvents('Mindmap', 'MindmapDeleted', MindmapContent),
  ...generationEvents('Quiz', 'QuizDeleted', QuizContent),
} as const;

export type EventType = keyof typeof eventSchemas;
export const eventTypes = Object.keys(eventSchemas) as EventType[];

/** Current schema version of each event type; a bump comes with an upcaster from the older version. */
export const currentVersion: Record<EventType, number> = Object.fromEntries(eventTypes.map((t) => [t, 1])) as Record<EventType, number>;

export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
/** upcasters[type][v] turns data written at version v into version v + 1. */
export const upcasters: Partial<Record<EventType, Record<number, Upcaster>>> = {};

export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** Discriminated by `type`, so a switch narrows `data`. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export class UnknownEventError extends Error {}

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type);

/** Brings stored data up to the current version of its type and validates it. */
export function upcastAndParse(
  type: string,
  version: number,
  data: Record<string, unknown>,
  catalog: { schemas: Record<string, z.ZodType>; versions: Record<string, number>; upcasters: Partial<Record<string, Record<number, Upcaster>>> } = {
    schemas: eventSchemas,
    versions: currentVersion,
    upcasters,
  },
): { type: string; data: unknown } {
  const schema = catalog.schemas[type];
  const target = catalog.versions[type];
  if (!schema || target === undefined) throw new UnknownEventError(`unknown event type ${type}`);
  let current = data;
  for (let v = version; v < target; v++) {
    const up = catalog.upcasters[type]?.[v];
    if (!up) throw new UnknownEventError(`no upcaster for ${type} v${v}`);
    current = up(current);
  }
  return { type, data: schema.parse(current) };
}

export const parseEvent = (type: string, version: number, data: Record<string, unknown>): DomainEvent => upcastAndParse(type, version, data) as DomainEvent;

/** An event as a store records it: its type, data and the schema version it was written at. */
export type StoredEvent = { type: string; data: Record<string, unknown>; metadata: { schemaVersion: number } };

// Events are validated against their schema when they are appended, so an event stored at the
// current version of its type is read as is; older versions are upcast and validated (once each).
const parsed = new WeakMap<StoredEvent, DomainEvent>();

export const toDomainEvent = (event: StoredEvent): DomainEvent => {
  if (isEventType(event.type) && event.metadata.schemaVersion === currentVersion[event.type]) {
    return { type: event.type, data: event.data } as DomainEvent;
  }
  let domainEvent = parsed.get(event);
  if (!domainEvent) {
    domainEvent = parseEvent(event.type, event.metadata.schemaVersion, event.data);
    parsed.set(event, domainEvent);
  }
  return domainEvent;
};
