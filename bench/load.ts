import { Agent, request } from 'node:http';

// A small closed-loop load generator: `concurrency` clients send requests back to back over
// keep-alive connections for `durationMs`; reports requests/s and latency percentiles.

export type LoadResult = { requests: number; perSecond: number; p50: number; p99: number; errors: number };

export type Call = { method: string; url: string; headers?: Record<string, string>; body?: string; expect: number };

export function send(agent: Agent, call: Call): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(call.url, { method: call.method, headers: call.headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(call.body);
  });
}

export async function closedLoop(next: (i: number) => Call, options: { concurrency: number; durationMs: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const call = next(counter++);
        const t0 = performance.now();
        const ok = await send(agent, call).then(
          (response) => response.status === call.expect,
          () => false,
        );
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
