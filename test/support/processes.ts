import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

// Runs the service as separate operating-system processes (one per role), as production does.

const root = join(import.meta.dirname, '..', '..');

export type ServiceProcess = { child: ChildProcess; url: string; output: () => string; stop(signal?: NodeJS.Signals): Promise<number | null> };

export async function spawnService(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [join(root, 'main.ts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in time:\n${output}`)), options.timeoutMs ?? 20_000);
    const check = () => {
      const listening = /Listening on (http:\/\/\S+)/.exec(output);
      const running = /Running role (\w+)/.exec(output);
      if (listening || running) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve(listening?.[1] ?? '');
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
