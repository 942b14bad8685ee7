import { HttpError } from './http-error.ts';

// Every JSON text a client sends is checked before anything parses or clones it. Nesting: a few
// kilobytes of brackets would otherwise overflow the stack of whatever recurses over the value
// (structured cloning, schema validation, serialization) long after the request was accepted.
// Escapes of NUL and of unpaired surrogates: valid JSON, but no text a person writes, and PostgreSQL
// refuses to store either in an event, so they would fail the write after it was accepted.

export const MAX_JSON_DEPTH = 20;

const hexValue = (bytes: Uint8Array, at: number): number => {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const code = bytes[i] ?? 0;
    const digit = code >= 0x30 && code <= 0x39 ? code - 0x30 : (code | 0x20) >= 0x61 && (code | 0x20) <= 0x66 ? (code | 0x20) - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
};

/**
 * What is wrong with the UTF-8 JSON `bytes` (nesting past `maxDepth`, a NUL, an unpaired surrogate),
 * found in one pass without decoding or parsing; null when nothing is. The bytes of `"`, `\\`,
 * brackets and braces never occur inside a multi-byte character, so bytes can be scanned as ASCII.
 */
export function jsonProblem(bytes: Uint8Array, maxDepth: number): string | null {
  let depth = 0;
  let inString = false;
  let pendingHighSurrogate = false;
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i];
    if (inString) {
      if (code === 0x5c) {
        if (bytes[i + 1] === 0x75) {
          const unit = hexValue(bytes, i + 2);
          if (unit === 0) return 'contains a NUL character';
          const low = unit >= 0xdc00 && unit <= 0xdfff;
          if (pendingHighSurrogate !== low) return 'contains an unpaired surrogate';
          pendingHighSurrogate = unit >= 0xd800 && unit <= 0xdbff;
          i += 5;
          continue;
        }
        i++;
      } else if (code === 0x22) {
        inString = false;
      }
      if (pendingHighSurrogate) return 'contains an unpaired surrogate';
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return `nests arrays and objects deeper than ${maxDepth} levels`;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return null;
}

/** Rejects with a 400 saying what is wrong; `what` names the JSON for the client ("the request body"). */
export function assertAcceptableJson(json: Uint8Array | string, what: string): void {
  const problem = jsonProblem(typeof json === 'string' ? Buffer.from(json) : json, MAX_JSON_DEPTH);
  if (problem) throw new HttpError(400, `${what} ${problem}`);
}
