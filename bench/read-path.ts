import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
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
// Run: node bench/read-path.ts [seconds] [rounds]; READ_PATH_PROFILE=<dir> writes the service's
// CPU profiles there (summarise one with node bench/cpu-profile-top.ts <file>).

const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 2);
const profileDir = process.env['READ_PATH_PROFILE'];
const adminKey = `admin-${randomBytes(16).toString('hex')}`;

async function wrk(url: string, apiKey: string) {
  const { stdout: out } = await promisify(execFile)('wrk', ['-t1', '-c50', `-d${seconds}s`, '--latency', '-H', `x-api-key: ${apiKey}`, url]);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: /99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? '?',
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

async function bare(body: string, redisKey?: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-read-server.ts'), body, ...(redisKey ? [redisKey] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => child.stdout.on('data', (chunk: Buffer) => resolve(/(http:\S+)/.exec(chunk.toString())?.[1] as string)));
  return { url, stop: () => child.kill() };
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
      await wrk(sourceUrl, apiKey); // warm both up before measuring
      await wrk(bareUrl, apiKey);
      const ratios: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        // Odd rounds load the service first, even rounds the baseline.
        const serviceFirst = round % 2 === 1;
        const earlier = await wrk(serviceFirst ? sourceUrl : bareUrl, apiKey);
        const later = await wrk(serviceFirst ? bareUrl : sourceUrl, apiKey);
        const [ours, theirs] = serviceFirst ? [earlier, later] : [later, earlier];
        ratios.push(ours.rps / theirs.rps);
        console.log(
          `${label}, round ${round}: service ${ours.rps.toFixed(0)} req/s (p99 ${ours.p99}${ours.non2xx ? `, ${ours.non2xx} non-2xx` : ''}), bare ${theirs.rps.toFixed(0)} req/s (p99 ${theirs.p99}) = ratio ${(ours.rps / theirs.rps).toFixed(2)}`,
        );
      }
      const sorted = ratios.toSorted((a, b) => a - b);
      const median = ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) / 2;
      console.log(`${label}: ratios ${sorted.map((ratio) => ratio.toFixed(2)).join(', ')}, median ${median.toFixed(2)}`);
    } finally {
      baseline.stop();
    }
  } finally {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await compare('embedded (memory read models)', {});
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
