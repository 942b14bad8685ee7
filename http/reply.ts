// What a route answers and who is calling: shared by routes, the idempotency layer and
// authentication, so it sits in a leaf that imports nothing.

export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** Who is calling, set by authentication. */
export type Caller = { organizationId: string; keyId: string };
