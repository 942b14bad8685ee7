import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ExtractedContent } from '../../domain/learning-content.ts';
import { ExtractionError, type FileFormat } from './extractor.ts';

// Parsing untrusted bytes happens in a child process: a V8 heap cap, a watch on its resident memory
// (Buffers and native allocations escape the heap cap, so only RSS tells), and a hard timeout.

const CHILD = join(import.meta.dirname, 'parse-child.ts');
const RSS_POLL_MS = 100;

// mammoth (DOCX) needs Object.prototype.__proto__, which Deno hides unless asked.
const isDeno = 'Deno' in globalThis;

const childCommand = (memoryMb: number, args: string[]): [string, string[]] =>
  isDeno
    ? [process.execPath, ['run', '-A', '--unstable-unsafe-proto', `--v8-flags=--max-old-space-size=${memoryMb}`, CHILD, ...args]]
    : [process.execPath, [`--max-old-space-size=${memoryMb}`, CHILD, ...args]];

/**
 * What the parser child inherits: how to find its tools, and nothing of the service's own settings.
 * The child reads untrusted bytes; keys, database URLs and credentials must not be in its reach.
 */
const CHILD_ENVIRONMENT = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'SOFFICE_PATH', 'DENO_DIR'];

export const childEnvironment = (environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => {
  const passed: NodeJS.ProcessEnv = { NODE_OPTIONS: '' };
  for (const name of CHILD_ENVIRONMENT) if (environment[name] !== undefined) passed[name] = environment[name];
  return passed;
};

async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export async function parseInSandbox(
  format: FileFormat,
  input: { path: string; workDir: string; fileName?: string },
  limits: { timeoutMs: number; memoryMb: number },
): Promise<ExtractedContent> {
  const [command, args] = childCommand(limits.memoryMb, [format, input.path, input.workDir, input.fileName ?? '']);
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env: childEnvironment() });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 10_000) stderr += chunk.toString();
  });
  let verdict: ExtractionError | null = null;
  const kill = (reason: ExtractionError) => {
    verdict ??= reason;
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }
  };
  const timer = setTimeout(
    () => kill(new ExtractionError(`the document could not be parsed within ${Math.round(limits.timeoutMs / 1000)} s`)),
    limits.timeoutMs,
  );
  const watch = setInterval(async () => {
    if (child.pid && (await rssMb(child.pid)) > limits.memoryMb * 1.5 + 128) {
      kill(new ExtractionError(`the document needs more than ${limits.memoryMb} MB of memory to parse and was stopped`));
    }
  }, RSS_POLL_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  clearInterval(watch);
  if (verdict) throw verdict;
  let result: { ok: true; content: unknown } | { ok: false; message: string; retryable: boolean };
  try {
    result = JSON.parse(await readFile(join(input.workDir, 'result.json'), 'utf8'));
  } catch {
    const outOfMemory = /heap out of memory|Allocation failed/i.test(stderr);
    throw new ExtractionError(
      outOfMemory ? `the document needs more than ${limits.memoryMb} MB of memory to parse` : `the document could not be parsed (the parser stopped with code ${code})`,
    );
  }
  if (!result.ok) throw new ExtractionError(result.message, { retryable: result.retryable });
  return ExtractedContent.parse(result.content);
}
