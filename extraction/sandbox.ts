import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ExtractedContent } from '../domain/learning-content.ts';
import { ExtractionError } from './extractor.ts';
import type { ParserLocation } from './formats/index.ts';

// Parsers of untrusted bytes run in a child process (parse-child.ts) under three limits:
// - a deadline: on expiry the child's whole process tree gets SIGKILL, tools it started included
//   (pdftotext shares its process group; soffice makes its own, so descendants are found in /proc);
// - a memory allowance: the parent polls the resident memory of the child's process tree every
//   50 ms and kills it once it grows past its size at start-up plus the allowance. Resident memory
//   counts Buffers, native and wasm memory and the helper tools, none of which a V8 heap cap sees;
//   the heap cap (--max-old-space-size) is kept for a clean failure of plain JS growth.
//   No address-space cap (RLIMIT_AS through prlimit): measured here, V8 sizes its reservations by
//   that limit, and worker threads or wasm then fail to start erratically (with a 256 MB allowance
//   a worker started under a 1.8 GB cap and failed under 2.3 and 3.3 GB; started after start-up the
//   cap broke every worker and wasm module). A poll lets a parser overshoot for at most one interval.
// - a private directory (the parser's workDir and the child's TMPDIR and cwd), removed afterwards,
//   and an environment without the service's secrets.

export type SandboxLimits = { timeoutMs: number; memoryMb: number };
export type SandboxInput = { path: string; fileName?: string };

export type ParseRequest = { id: number; parser: ParserLocation; path: string; workDir: string; fileName?: string };

const ChildMessage = z.union([
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('result'), id: z.number(), ok: z.literal(true), content: ExtractedContent }),
  z.object({
    type: z.literal('result'),
    id: z.number(),
    ok: z.literal(false),
    failure: z.enum(['parser', 'memory', 'crash']),
    message: z.string(),
    retryable: z.boolean(),
  }),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;

const CHILD = join(import.meta.dirname, 'parse-child.ts');
const MEMORY_POLL_MS = 50;
const PASSED_ENVIRONMENT = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'SOFFICE_PATH', 'DENO_DIR', 'XDG_CACHE_HOME', 'PDF_OCR_MAX_PAGES'];
const OUT_OF_MEMORY = /heap out of memory|Fatal process out of memory|Allocation failed|Array buffer allocation failed|std::bad_alloc|Cannot allocate memory/i;

const isDeno = 'Deno' in globalThis;

function childCommand(memoryMb: number, preload: ParserLocation): [string, string[]] {
  const args = [CHILD, preload.module, preload.name];
  // mammoth (DOCX) needs Object.prototype.__proto__, which Deno hides unless asked.
  return isDeno
    ? [process.execPath, ['run', '-A', '--unstable-unsafe-proto', `--v8-flags=--max-old-space-size=${memoryMb}`, ...args]]
    : [process.execPath, [`--max-old-space-size=${memoryMb}`, ...args]];
}

/** What the child inherits: how to find its tools, and none of the service's keys, URLs or credentials. */
export function childEnvironment(privateDir: string, environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { TMPDIR: privateDir };
  for (const name of PASSED_ENVIRONMENT) if (environment[name] !== undefined) env[name] = environment[name];
  return env;
}

/** The process and every descendant, whatever process group they moved to (soffice makes its own). */
async function processTree(root: number): Promise<number[]> {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    const pid = pids[i] as number;
    const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      const children = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
      pids.push(...children.split(' ').filter(Boolean).map(Number));
    }
  }
  return pids;
}

async function residentBytes(pids: number[]): Promise<number | null> {
  let total = 0;
  let measured = false;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = /^VmRSS:\s+(\d+)/m.exec(status)?.[1];
    if (kb) {
      total += Number(kb) * 1024;
      measured = true;
    }
  }
  return measured ? total : null;
}

const describeDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);

type Verdict = 'timeout' | 'memory';

type SandboxProcess = {
  parse(parser: ParserLocation, input: SandboxInput, timeoutMs: number): Promise<ExtractedContent>;
  /** Running and not condemned by a limit: fit for another file. */
  readonly usable: boolean;
  stop(): Promise<void>;
};

function startProcess(memoryMb: number, preload: ParserLocation): SandboxProcess {
  let privateDir: string | null = null;
  const started = mkdtemp(join(tmpdir(), 'lcs-sandbox-')).then((dir) => {
    privateDir = dir;
    const [command, args] = childCommand(memoryMb, preload);
    const child = spawn(command, args, { cwd: dir, env: childEnvironment(dir), stdio: ['ignore', 'ignore', 'pipe', 'ipc'], detached: true });
    return child;
  });

  let alive = true;
  let verdict: Verdict | null = null;
  let stderr = '';
  let nextId = 1;
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  const waiting = new Map<number, (message: ChildMessage | null) => void>();
  let onReady: ((ready: boolean) => void) | null = null;
  const ready = new Promise<boolean>((resolve) => (onReady = resolve));
  let watch: NodeJS.Timeout | undefined;

  const exited = started.then(
    (child) =>
      new Promise<void>((resolve) => {
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr = (stderr + chunk.toString()).slice(-8192);
        });
        child.on('message', (raw: unknown) => {
          const message = ChildMessage.safeParse(raw);
          if (!message.success) return;
          if (message.data.type === 'ready') {
            onReady?.(true);
            startMemoryWatch(child.pid as number);
          } else {
            waiting.get(message.data.id)?.(message.data);
          }
        });
        child.on('error', () => undefined);
        child.on('exit', (code, signal) => {
          alive = false;
          exitCode = code;
          exitSignal = signal;
          clearTimeout(watch);
          onReady?.(false);
          for (const settle of waiting.values()) settle(null);
        });
        child.on('close', () => resolve());
      }),
    () => {
      alive = false;
      onReady?.(false);
    },
  );

  const kill = async (reason: Verdict | null) => {
    verdict ??= reason;
    const child = await started.catch(() => null);
    if (!child?.pid || !alive) return;
    const pids = await processTree(child.pid).catch(() => [child.pid as number]);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is empty
    }
  };

  function startMemoryWatch(pid: number) {
    let limit: number | null = null;
    const poll = async () => {
      const resident = await residentBytes(await processTree(pid));
      if (resident === null || !alive) return;
      // The allowance is on top of what the child holds once started, before it reads any input.
      limit ??= resident + memoryMb * 1024 * 1024;
      if (resident > limit) return void kill('memory');
      watch = setTimeout(() => void poll(), MEMORY_POLL_MS);
    };
    void poll();
  }

  const failureOf = (message: ChildMessage | null, timeoutMs: number): ExtractionError => {
    if (verdict === 'timeout') return new ExtractionError(`the document could not be parsed within ${describeDuration(timeoutMs)}`);
    if (verdict === 'memory' || (message?.type === 'result' && !message.ok && message.failure === 'memory') || OUT_OF_MEMORY.test(stderr)) {
      return new ExtractionError(`the document needs more memory than allowed (${memoryMb} MB)`);
    }
    if (message?.type === 'result' && !message.ok) {
      if (message.failure === 'parser') return new ExtractionError(message.message, { retryable: message.retryable });
      return new ExtractionError('the document could not be parsed: the parser failed on it', { cause: new Error(message.message) });
    }
    const how = exitSignal ? `signal ${exitSignal}` : `code ${exitCode}`;
    return new ExtractionError(`the document could not be parsed: the parser stopped unexpectedly (${how})`, { cause: new Error(stderr.trim()) });
  };

  return {
    get usable() {
      return alive && verdict === null;
    },
    async parse(parser, input, timeoutMs) {
      const timer = setTimeout(() => void kill('timeout'), timeoutMs);
      const id = nextId++;
      let workDir: string | null = null;
      try {
        const child = await started;
        if (!(await ready)) {
          if (verdict) throw failureOf(null, timeoutMs);
          throw new ExtractionError('the document parser could not start on the server', { retryable: true, cause: new Error(stderr.trim()) });
        }
        workDir = await mkdtemp(join(privateDir as string, 'job-'));
        const reply = new Promise<ChildMessage | null>((settle) => waiting.set(id, settle));
        // The child works in its private directory: a relative path would point there.
        const request: ParseRequest = { id, parser, path: resolve(input.path), workDir, ...(input.fileName ? { fileName: input.fileName } : {}) };
        child.send(request, (error) => {
          if (error) waiting.get(id)?.(null);
        });
        const message = await reply;
        if (message?.type === 'result' && message.ok && !verdict) return message.content;
        throw failureOf(message, timeoutMs);
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
        if (workDir) await rm(workDir, { recursive: true, force: true });
      }
    },
    async stop() {
      await kill(null);
      await exited;
      if (privateDir) await rm(privateDir, { recursive: true, force: true });
    },
  };
}

/** Parses one file in a fresh child that is gone when this settles; the deadline includes its start. */
export async function parseInSandbox(parser: ParserLocation, input: SandboxInput, limits: SandboxLimits): Promise<ExtractedContent> {
  const sandbox = startProcess(limits.memoryMb, parser);
  try {
    return await sandbox.parse(parser, input, limits.timeoutMs);
  } finally {
    await sandbox.stop();
  }
}

export type ResidentSandbox = { parse(input: SandboxInput): Promise<ExtractedContent>; close(): Promise<void> };

/**
 * One long-lived child for a parser with an expensive start (OCR): files are parsed one at a time,
 * each under the same deadline and memory watch as a fresh child. A child that failed a limit or
 * crashed is replaced on the next file; one left idle for `idleMs` is stopped, returning its memory.
 */
export function createResidentSandbox(parser: ParserLocation, limits: SandboxLimits & { idleMs: number }): ResidentSandbox {
  let current: SandboxProcess | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  let closed = false;

  const retire = async () => {
    const retiring = current;
    current = null;
    await retiring?.stop();
  };

  const parseNext = async (input: SandboxInput) => {
    if (closed) throw new ExtractionError('the extractor is shutting down', { retryable: true });
    clearTimeout(idle);
    if (!current?.usable) {
      await retire();
      current = startProcess(limits.memoryMb, parser);
    }
    const sandbox = current;
    try {
      return await sandbox.parse(parser, input, limits.timeoutMs);
    } finally {
      if (!sandbox.usable) await retire();
      else {
        idle = setTimeout(() => void (queue = queue.then(retire)), limits.idleMs);
        idle.unref();
      }
    }
  };

  return {
    parse(input) {
      const next = queue.then(() => parseNext(input));
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      closed = true;
      clearTimeout(idle);
      await queue;
      await retire();
    },
  };
}
