import { after } from 'node:test';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { openRedisReadStore } from '../../infrastructure/read-store/redis.ts';
import { readStoreContract } from './read-store.contract.ts';

const REDIS = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefix = `rm-test-${randomBytes(4).toString('hex')}`;

readStoreContract('redis', () => openRedisReadStore({ url: REDIS, keyPrefix: prefix }));

after(async () => {
  const redis = new Redis(REDIS);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});
