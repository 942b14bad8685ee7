import { createPublicKey, createVerify, timingSafeEqual, type JsonWebKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { FinalizedObject, PushVerdict } from '../../ports/storage-notifications.ts';

// Cloud Storage tells the service that an upload finished through a Pub/Sub push subscription:
// an HTTPS POST carrying the object-finalize notification. The push is authenticated either with a
// Google-signed OIDC token (Authorization: Bearer, RS256, checked against Google's public keys,
// audience and service account) or, more simply, with a shared secret in the push URL (?token=).

export type PushAuthConfig = {
  /** Shared-secret mode: the push endpoint URL carries ?token=<this>. */
  token?: string;
  /** OIDC mode: the audience configured on the push subscription and its service account. */
  audience?: string;
  serviceAccount?: string;
  /** Google's signing keys as a JWKS (fetched from https://www.googleapis.com/oauth2/v3/certs in production). */
  keys?: () => Promise<JsonWebKey[]>;
  now?: () => number;
};

const PushBody = z.object({
  message: z.object({
    data: z.string(),
    attributes: z.record(z.string(), z.string()).optional(),
    messageId: z.string().optional(),
  }),
  subscription: z.string().optional(),
});
const ObjectResource = z.object({ bucket: z.string(), name: z.string(), size: z.coerce.number().optional(), contentType: z.string().optional() });

const base64url = (text: string) => Buffer.from(text, 'base64url');

async function verifyOidc(header: string | undefined, config: PushAuthConfig): Promise<string | null> {
  if (!config.keys || !config.audience || !config.serviceAccount) return 'push authentication is misconfigured: audience and service account are both required';
  const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
  if (!token) return 'missing bearer token';
  const [encodedHeader, encodedPayload, signature] = token.split('.');
  if (!encodedHeader || !encodedPayload || !signature) return 'malformed token';
  let head: { alg?: string; kid?: string };
  let claims: { aud?: string; iss?: string; exp?: number; email?: string; email_verified?: boolean };
  try {
    head = JSON.parse(base64url(encodedHeader).toString('utf8'));
    claims = JSON.parse(base64url(encodedPayload).toString('utf8'));
  } catch {
    return 'malformed token';
  }
  if (head.alg !== 'RS256') return 'unexpected token algorithm';
  const jwk = (await config.keys()).find((key) => (key as { kid?: string }).kid === head.kid);
  if (!jwk) return 'unknown signing key';
  let key: KeyObject;
  try {
    key = createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    return 'unusable signing key';
  }
  const valid = createVerify('RSA-SHA256').update(`${encodedHeader}.${encodedPayload}`).verify(key, base64url(signature));
  if (!valid) return 'bad token signature';
  if (claims.aud !== config.audience) return 'wrong token audience';
  if (claims.iss !== 'https://accounts.google.com' && claims.iss !== 'accounts.google.com') return 'wrong token issuer';
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < (config.now ?? Date.now)()) return 'expired token';
  if (claims.email !== config.serviceAccount || claims.email_verified === false) return 'token of another service account';
  return null;
}

const tokenMatches = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Checks a push request and extracts the finalized object; `object` is null for other event types. */
export async function verifyPushRequest(
  request: { authorization?: string; query: Record<string, unknown>; body: unknown },
  config: PushAuthConfig,
): Promise<PushVerdict> {
  const queryToken = typeof request.query['token'] === 'string' ? request.query['token'] : undefined;
  const problem =
    config.token && queryToken !== undefined
      ? tokenMatches(queryToken, config.token)
        ? null
        : 'wrong push token'
      : await verifyOidc(request.authorization, config);
  if (problem) return { ok: false, status: 401, reason: problem };

  const body = PushBody.safeParse(request.body);
  if (!body.success) return { ok: false, status: 400, reason: 'not a Pub/Sub push message' };
  if (body.data.message.attributes?.['eventType'] && body.data.message.attributes['eventType'] !== 'OBJECT_FINALIZE') return { ok: true, object: null };
  let resource;
  try {
    resource = ObjectResource.parse(JSON.parse(base64url(body.data.message.data).toString('utf8')));
  } catch {
    return { ok: false, status: 400, reason: 'the message data is not a Cloud Storage object' };
  }
  return {
    ok: true,
    object: { bucket: resource.bucket, name: resource.name, size: resource.size ?? 0, ...(resource.contentType ? { contentType: resource.contentType } : {}) },
  };
}

/** Google's OIDC signing keys, fetched once an hour. */
export function googleSigningKeys(url = 'https://www.googleapis.com/oauth2/v3/certs'): () => Promise<JsonWebKey[]> {
  let cache: { keys: JsonWebKey[]; at: number } | null = null;
  return async () => {
    if (cache && Date.now() - cache.at < 3_600_000) return cache.keys;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`signing keys: ${response.status}`);
    const keys = ((await response.json()) as { keys: JsonWebKey[] }).keys;
    cache = { keys, at: Date.now() };
    return keys;
  };
}
