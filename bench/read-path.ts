import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { spawnService, type ServiceProcess } from '../test/support/processes.ts';
import { dropSharedState } from '../test/support/shared-state.ts';

// The read path against its ceiling: GET /v1/sources/{id} through the whole request pipeline (request
// id, access log, metrics, authentication, rate limit, validation) against bare express serving the
// same JSON behind a header check, each in a process of its own, loaded by the same wrk in one run;
// on the embedded default, and with READ_STORE=redis against bare express + one ioredis GET.
// Rounds alternate which side is loaded first, and every round's ratio is printed, since this
// machine's speed drifts within a run. wrk runs asynchronously so that the service's access log is
// read from its pipe while it is written, as a log collector would (a blocked pipe defers the writes).
// Run: node bench/read-path.ts [seconds] [rounds] [memory|redis] (both by default);
// READ_PATH_PROFILE=<dir> writes the CPU profiles of the service and of the baseline (bare-*) there
// (summarise one with node bench/cpu-profile-top.ts <file>).

const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 2);
const only = process.argv[4];
const profileDir = process.env['READ_PATH_PROFILE'];
const adminKey = `admin-${randomBytes(16).toString('hex')}`;

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString());
/** CPU time (user and system) a process has used so far, from /proc (Linux). */
const cpuSecondsOf = async (pid: number) => {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
};

/**
 * One wrk run against the server in process `pid`. Beside throughput and p99, the server's CPU time
 * per request: on this shared machine throughput follows whatever else runs, CPU per request much less.
 */
async function wrk(url: string, apiKey: string, pid: number) {
  const cpuBefore = await cpuSecondsOf(pid);
  const { stdout: out } = await promisify(execFile)('wrk', ['-t1', '-c50', `-d${seconds}s`, '--latency', '-H', `x-api-key: ${apiKey}`, url]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?',
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    cpuMicros: (((await cpuSecondsOf(pid)) - cpuBefore) * 1e6) / requests,
  };
}

const summary = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const median = ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) / 2;
  return `${sorted.map((value) => value.toFixed(2)).join(', ')}, median ${median.toFixed(2)}`;
};

async function bare(body: string, redisKey?: string): Promise<{ url: string; pid: number; stop(): void }> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=bare-${randomBytes(4).toString('hex')}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, join(import.meta.dirname, 'bare-read-server.ts'), body, ...(redisKey ? [redisKey] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => child.stdout.on('data', (chunk: Buffer) => resolve(/(http:\S+)/.exec(chunk.toString())?.[1] as string)));
  return { url, pid: child.pid as number, stop: () => child.kill() };
}

async function compare(label: string, env: Record<string, string>, redisKeyOf?: (sourceId: string) => Promise<string>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lcs-read-path-'));
  let service: ServiceProcess | null = null;
  try {
    service = await spawnService({
      ADMIN_KEY: adminKey,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      ...env,
    });
    const post = async (path: string, headers: Record<string, string>, body: unknown) =>
      (
        await fetch(`${(service as ServiceProcess).url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
      ).json() as Promise<any>;
    const apiKey = (await post('/v1/createOrganization', { 'admin-key': adminKey }, { name: 'Bench', url: 'https://bench.example' })).apiKey.apiKey as string;
    const sourceId = (await post('/v1/sources/upload-url', { 'x-api-key': apiKey }, { fileName: 'notes.pdf', sourceType: 'file' })).sourceId as string;
    const sourceUrl = `${service.url}/v1/sources/${sourceId}`;
    const body = await (await fetch(sourceUrl, { headers: { 'x-api-key': apiKey } })).text();
    const baseline = await bare(body, redisKeyOf ? await redisKeyOf(sourceId) : undefined);
    const bareUrl = `${baseline.url}/v1/sources/${sourceId}`;
    try {
      const servicePid = service.child.pid as number;
      const measureService = () => wrk(sourceUrl, apiKey, servicePid);
      const measureBaseline = () => wrk(bareUrl, apiKey, baseline.pid);
      await measureService(); // warm both up before measuring
      await measureBaseline();
      const ratios: number[] = [];
      const cpuRatios: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        // Odd rounds load the service first, even rounds the baseline.
        const serviceFirst = round % 2 === 1;
        const earlier = await (serviceFirst ? measureService : measureBaseline)();
        const later = await (serviceFirst ? measureBaseline : measureService)();
        const [ours, theirs] = serviceFirst ? [earlier, later] : [later, earlier];
        ratios.push(ours.rps / theirs.rps);
        cpuRatios.push(theirs.cpuMicros / ours.cpuMicros);
        console.log(
          `${label}, round ${round}: service ${ours.rps.toFixed(0)} req/s (p99 ${ours.p99}, ${ours.cpuMicros.toFixed(0)} µs CPU/request${ours.non2xx ? `, ${ours.non2xx} non-2xx` : ''}), ` +
            `bare ${theirs.rps.toFixed(0)} req/s (p99 ${theirs.p99}, ${theirs.cpuMicros.toFixed(0)} µs CPU/request) = ratio ${(ours.rps / theirs.rps).toFixed(2)}`,
        );
      }
      console.log(`${label}: throughput ratios ${summary(ratios)}; CPU-per-request ratios (bare/service) ${summary(cpuRatios)}`);
    } finally {
      baseline.stop();
    }
  } finally {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (only !== 'redis') await compare('embedded (memory read models)', {});
if (only !== 'memory') {
  const prefix = `lcs-read-bench-${randomBytes(4).toString('hex')}`;
  const redis = new Redis('redis://127.0.0.1:6379');
  try {
    await compare(
      'READ_STORE=redis',
      { READ_STORE: 'redis', REDIS_KEY_PREFIX: prefix },
      async (sourceId) => `${prefix}:v${await redis.get(`${prefix}:active`)}:doc:sources:${sourceId}`,
    );
  } finally {
    redis.disconnect();
    await dropSharedState({ redisPrefix: prefix });
  }
}
