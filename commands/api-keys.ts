import { createHash, hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

// API keys: 256 random bits, shown once, stored and looked up only as a SHA-256 hash (a fast hash is
// right here: the key is high-entropy, so there is nothing to brute-force).

const PREFIX = 'lcs_';

// One-shot hash: every authenticated request hashes its key, and a Hash object per call cost more than the hashing.
export const hashApiKey = (key: string): string => hash('sha256', key, 'hex');

export const newApiKey = (): { plaintext: string; keyId: string; keyHash: string; lastFour: string } => {
  const plaintext = PREFIX + randomBytes(32).toString('base64url');
  return { plaintext, keyId: randomUUID(), keyHash: hashApiKey(plaintext), lastFour: plaintext.slice(-4) };
};

/** Compares two secrets in time independent of where they differ (both hashed first, so lengths match). */
export const secretsEqual = (given: string, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

export const looksLikeApiKey = (value: string): boolean => value.length >= 20 && value.length <= 200;
