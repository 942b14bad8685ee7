import { createHmac, timingSafeEqual } from 'node:crypto';

// Upload URLs of the embedded blob store: an HMAC over method, key, expiry, Content-Type and size
// limit, so none of them can be changed without breaking the signature.

export type UploadGrant = { key: string; expires: number; contentType: string; maxBytes: number };

const payload = (method: string, grant: UploadGrant) => [method.toUpperCase(), grant.key, grant.expires, grant.contentType, grant.maxBytes].join('\n');

export const signUpload = (grant: UploadGrant, secret: string, method = 'PUT'): string =>
  createHmac('sha256', secret).update(payload(method, grant)).digest('base64url');

export type UploadVerification = { ok: true; maxBytes: number } | { ok: false; status: 403 | 410 | 415; reason: string };

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function verifyUpload(input: {
  key: string;
  query: Record<string, unknown>;
  method: string;
  contentType: string | undefined;
  now: Date;
  secret: string;
}): UploadVerification {
  const expires = Number(single(input.query['expires']));
  const contentType = single(input.query['ct']);
  const maxBytes = Number(single(input.query['max']));
  const signature = single(input.query['sig']);
  if (!Number.isSafeInteger(expires) || !contentType || !Number.isSafeInteger(maxBytes) || !signature) {
    return { ok: false, status: 403, reason: 'the upload URL is incomplete or was altered' };
  }
  const expected = Buffer.from(signUpload({ key: input.key, expires, contentType, maxBytes }, input.secret, input.method));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, reason: 'the upload URL signature is not valid' };
  }
  if (input.now.getTime() > expires * 1000) return { ok: false, status: 410, reason: 'the upload URL has expired; request a new one' };
  const sent = (input.contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (sent !== contentType.toLowerCase()) {
    return { ok: false, status: 415, reason: `Content-Type must be ${contentType}, the type this upload URL was issued for` };
  }
  return { ok: true, maxBytes };
}
