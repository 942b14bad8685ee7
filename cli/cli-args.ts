import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../infrastructure/config.ts';

/** Parses --flags; prints the usage and exits 2 on anything unexpected. */
export function parseCliArgs<T extends Record<string, { type: 'string' | 'boolean' }>>(options: T, usage: string) {
  try {
    return parseArgs({ options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(2);
  }
}

/** The service's configuration, or the list of what is wrong with it and exit code 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
