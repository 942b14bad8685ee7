import { parseArgs } from 'node:util';

/** Parses --flags; prints the usage and exits 2 on anything unexpected. */
export function parseCliArgs<T extends Record<string, { type: 'string' | 'boolean' }>>(options: T, usage: string) {
  try {
    return parseArgs({ options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(2);
  }
}
