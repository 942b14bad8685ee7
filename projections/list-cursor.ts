// List order shared by the read-store adapters: highest score first, ties by id descending; the
// cursor names the last item returned, so inserts between pages neither repeat nor skip items.

export type Ranked = { id: string; score: number };

export class InvalidCursorError extends Error {
  constructor() {
    super('cursor is not valid');
    this.name = 'InvalidCursorError';
  }
}

export const newestFirst = (a: Ranked, b: Ranked): number => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export const isAfterCursor = (entry: Ranked, cursor: Ranked): boolean => newestFirst(cursor, entry) < 0;

export const encodeCursor = (entry: Ranked): string => Buffer.from(JSON.stringify([entry.score, entry.id])).toString('base64url');

export function decodeCursor(cursor: string): Ranked {
  try {
    const [score, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof score === 'number' && Number.isFinite(score) && typeof id === 'string') return { score, id };
  } catch {
    // fall through: any undecodable cursor is invalid
  }
  throw new InvalidCursorError();
}
