import express from 'express';
import { Redis } from 'ioredis';

// The baseline of bench/read-path.ts: bare express answering GET /v1/sources/:id behind a header
// check, with the same JSON body, from memory or (with a Redis key) from one Redis GET.

const [body, redisKey] = process.argv.slice(2) as [string, string | undefined];
const redis = redisKey ? new Redis('redis://127.0.0.1:6379') : null;
const app = express();
app.get('/v1/sources/:id', async (req, res) => {
  if (!req.header('x-api-key')) return void res.status(401).json({ error: 'missing x-api-key header' });
  res.json(redis ? { data: JSON.parse((await redis.get(redisKey as string)) as string) } : JSON.parse(body));
});
// Stopped by SIGTERM, it exits normally, so that a CPU profile (--cpu-prof) is written.
process.on('SIGTERM', () => process.exit(0));
const server = app.listen(0, '127.0.0.1', () => process.stdout.write(`Listening on http://127.0.0.1:${(server.address() as { port: number }).port}\n`));
