import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExtractionError } from './extractor.ts';
import { sandboxedParsers } from './formats/index.ts';

// Entry of the sandboxed parser process: parses one file and writes the result (or a readable
// failure) to result.json in its work directory. The parent enforces memory and time limits.

const [format, path, workDir, fileName] = process.argv.slice(2) as [keyof typeof sandboxedParsers, string, string, string];
const parser = sandboxedParsers[format];
let result: unknown;
try {
  if (!parser) throw new ExtractionError(`no parser for ${String(format)}`);
  result = { ok: true, content: await parser(path, { workDir, ...(fileName ? { fileName } : {}) }) };
} catch (error) {
  result =
    error instanceof ExtractionError
      ? { ok: false, message: error.message, retryable: error.retryable }
      : { ok: false, message: 'the document could not be parsed', retryable: false, detail: String(error) };
}
await writeFile(join(workDir, 'result.json'), JSON.stringify(result));
process.exit(0);
