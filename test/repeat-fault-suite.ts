import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// Runs the fault suite RUNS times in a row (default 30), on demand: `npm run test:faults:repeat`.
// A fault that shows once in many runs is a fault; `npm test` runs the suite once. Each run's output
// is kept under test-output/fault-runs/ for a failure to be read afterwards; it exits 1 if any failed.

const root = join(import.meta.dirname, '..');
const FAULT_SUITE = [
  // Lost replies and dropped connections, as contract cases of every store.
  'test/integration/event-store-sqlite.test.ts',
  'test/integration/event-store-postgres.test.ts',
  'test/integration/event-store-eventstoredb.test.ts',
  // PostgreSQL crashed and stopped under appends and a subscription.
  'test/integration/event-store-postgres-faults.test.ts',
  // Every role killed, PostgreSQL and Redis stopped and crashed, under HTTP load.
  'test/e2e/fault.test.ts',
];

const runs = Number(process.env['RUNS'] ?? 30);
const outputDir = join(root, 'test-output', 'fault-runs');
await mkdir(outputDir, { recursive: true });

const runOnce = (run: number) =>
  new Promise<{ ok: boolean; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...FAULT_SUITE], { cwd: root });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      void writeFile(join(outputDir, `run-${String(run).padStart(2, '0')}.log`), Buffer.concat(output)).then(() =>
        resolve({ ok: code === 0, ms: Date.now() - started }),
      );
    });
  });

const started = Date.now();
let failed = 0;
for (let run = 1; run <= runs; run++) {
  const { ok, ms } = await runOnce(run);
  if (!ok) failed++;
  console.log(`run ${run}/${runs}: ${ok ? 'pass' : 'FAIL'} in ${(ms / 1000).toFixed(0)} s (${failed} failed so far)`);
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`${runs - failed} of ${runs} runs passed, ${failed} failed, in ${minutes} min; logs in ${outputDir}`);
process.exitCode = failed > 0 ? 1 : 0;
