import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { Redis } from 'ioredis';

// Tests that run against the machine's PostgreSQL and Redis work in their own schema and key prefix;
// this removes them (and the test's data directory) afterwards.

export const TEST_DATABASE = 'postgres://postgres@127.0.0.1:5432/test';

/** The environment of a postgres + redis deployment in its own schema, key prefix and data directory. */
export const sharedStoresEnv = (options: { schema: string; redisPrefix: string; adminKey: string; dataDir: string }): Record<string, string> => ({
  EVENT_STORE: 'postgres',
  DATABASE_URL: TEST_DATABASE,
  POSTGRES_SCHEMA: options.schema,
  READ_STORE: 'redis',
  REDIS_KEY_PREFIX: options.redisPrefix,
  ADMIN_KEY: options.adminKey,
  UPLOAD_SIGNING_SECRET: randomBytes(24).toString('hex'),
  WEBHOOK_SIGNING_KEY: randomBytes(24).toString('hex'),
  DATA_DIR: options.dataDir,
  PORT: '0',
});

export async function dropSharedState(options: { schema?: string; redisPrefix?: string; dataDir?: string }) {
  if (options.schema) {
    const client = new pg.Client({ connectionString: TEST_DATABASE });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${options.schema}" CASCADE`);
    await client.end();
  }
  if (options.redisPrefix) {
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${options.redisPrefix}*`);
    for (let i = 0; i < keys.length; i += 5000) await redis.del(...keys.slice(i, i + 5000));
    redis.disconnect();
  }
  if (options.dataDir) await rm(options.dataDir, { recursive: true, force: true });
}
