// Object-finalize notifications from the blob store (Cloud Storage through a Pub/Sub push): the API
// verifies the push and completes the upload it names. The adapter is infrastructure/blob-store/pubsub-push.ts.

export type FinalizedObject = { bucket: string; name: string; size: number; contentType?: string };

export type PushVerdict = { ok: true; object: FinalizedObject | null } | { ok: false; status: 400 | 401; reason: string };

export type StorageNotifications = {
  verify(request: { authorization?: string; query: Record<string, unknown>; body: unknown }): Promise<PushVerdict>;
  complete(sourceId: string, correlationId: string): Promise<string>;
};
