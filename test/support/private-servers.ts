import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

// A PostgreSQL cluster and a Redis server of a test's own, on free ports in a temporary directory,
// for tests that stop, crash and restart their servers: the machine's shared servers serve other
// suites (and other people's) at the same time. Removed when the test ends, or at the latest when
// its process exits.

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function ready(check: () => Promise<unknown>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await check().then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Whatever a failed or interrupted test leaves running is stopped when its process exits or is told to. */
const atExit = new Set<() => void>();
const cleanUp = () => {
  for (const cleanup of atExit) cleanup();
  atExit.clear();
};
process.once('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    cleanUp();
    // Then what the signal would have done without this listener.
    process.kill(process.pid, signal);
  });

/** The binaries of the newest PostgreSQL installed (Debian keeps them off PATH), or PG_BIN. */
async function postgresBin(): Promise<string> {
  if (process.env['PG_BIN']) return process.env['PG_BIN'];
  const versions = (await readdir('/usr/lib/postgresql').catch(() => [])).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL under /usr/lib/postgresql: install postgresql or set PG_BIN');
  return join('/usr/lib/postgresql', versions[0], 'bin');
}

export type StopMode = 'fast' | 'immediate';

export type PrivatePostgres = {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  /** `pg_ctl stop -m immediate` ends every process at once, as a crash would: the next start recovers from the WAL. */
  stop(mode: StopMode): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBin();
  const dir = await mkdtemp(join(tmpdir(), 'lcs-pg-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: root hands the cluster to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())) as [number, number];
    await chown(dir, uid, gid);
  }
  // Run from the cluster's directory: the postgres user may not be allowed into the caller's.
  const command = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir }) : run(join(bin, tool), args, { cwd: dir });
  const port = await freePort();
  await command('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: a stopped or crashed server process leaves its writes in the operating system's cache,
  // so recovery sees the same WAL as with fsync; only a power cut would differ, and no test makes one.
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c shared_buffers=32MB`;
  const pgCtl = (args: string[]) => command('pg_ctl', ['-D', data, ...args]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const start = async () => {
    await pgCtl(['start', '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options]);
    await ready(() => run(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]), 'PostgreSQL');
  };
  const kill = () => {
    try {
      execFileSync(
        asRoot ? 'runuser' : join(bin, 'pg_ctl'),
        [...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []), '-D', data, 'stop', '-m', 'immediate'],
        {
          stdio: 'ignore',
          cwd: dir,
        },
      );
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  atExit.add(kill);
  await start();
  return {
    url,
    stop: async (mode) => void (await pgCtl(['stop', '-w', '-t', '60', '-m', mode])),
    start,
    async close() {
      atExit.delete(kill);
      await pgCtl(['stop', '-w', '-m', 'immediate']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type PrivateRedis = {
  url: string;
  /** `shutdown`: SHUTDOWN NOSAVE, as an operator stops it; `kill`: SIGKILL. Either way it keeps nothing. */
  stop(how: 'shutdown' | 'kill'): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'lcs-redis-'));
  const port = await freePort();
  let server: ChildProcess | null = null;
  const cli = (...args: string[]) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
  const start = async () => {
    const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    server = child;
    await ready(async () => {
      if (child.exitCode !== null) throw new Error('exited');
      await cli('ping');
    }, 'Redis');
  };
  const stop = async (how: 'shutdown' | 'kill') => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    if (how === 'kill') child.kill('SIGKILL');
    else await cli('shutdown', 'nosave').catch(() => undefined);
    await exited;
    server = null;
  };
  const kill = () => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  atExit.add(kill);
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      atExit.delete(kill);
      await stop('kill');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
