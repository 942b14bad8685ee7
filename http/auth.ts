import type { Request } from 'express';
import { hashApiKey, looksLikeApiKey, secretsEqual } from '../commands/api-keys.ts';
import { HttpError } from './http-error.ts';
import type { Caller } from './reply.ts';
import type { Auth } from './route.ts';

/** Finds the organization of a key by the key's hash; null when unknown or revoked. */
export type KeyLookup = (keyHash: string) => Promise<Caller | null>;

export async function authenticate(auth: Auth, req: Request, options: { adminKey: string; lookupKey: KeyLookup }): Promise<Caller | null> {
  if (auth === 'adminKey') {
    const given = req.header('admin-key');
    if (!given) throw new HttpError(401, 'missing admin-key header');
    if (!secretsEqual(given, options.adminKey)) throw new HttpError(401, 'invalid admin key');
    return null;
  }
  if (auth !== 'apiKey') return null;
  const given = req.header('x-api-key');
  if (!given) throw new HttpError(401, 'missing x-api-key header');
  if (!looksLikeApiKey(given)) throw new HttpError(401, 'invalid API key');
  const caller = await options.lookupKey(hashApiKey(given));
  if (!caller) throw new HttpError(401, 'invalid API key');
  return caller;
}
