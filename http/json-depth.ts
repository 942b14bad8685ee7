import { HttpError } from './http-error.ts';

// Every JSON text a client sends is checked for nesting before anything parses or clones it: a few
// kilobytes of brackets would otherwise overflow the stack of whatever recurses over the value
// (structured cloning, schema validation, serialization) long after the request was accepted.

export const MAX_JSON_DEPTH = 20;

/**
 * Whether arrays and objects in the UTF-8 JSON `bytes` nest deeper than `limit`, found in one pass
 * without decoding or parsing (the bytes of `"`, `\\`, brackets and braces never occur inside a
 * multi-byte character).
 */
export function nestsDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i];
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Rejects with a 400 naming the limit; `what` names the JSON for the client ("the request body"). */
export function assertJsonDepth(json: Uint8Array | string, what: string): void {
  if (nestsDeeperThan(typeof json === 'string' ? Buffer.from(json) : json, MAX_JSON_DEPTH)) throw new HttpError(400, `${what} nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
}
