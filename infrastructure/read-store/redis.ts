import { Redis } from 'ioredis';
import { START, type Checkpoint } from '../../ports/event-store.ts';
import { innerList, innerMap } from '../../projections/nested-map.ts';
import { decodeCursor, encodeCursor } from '../../projections/list-cursor.ts';
import { coalesce } from '../coalesce.ts';
import {
  ReadModelsOutOfStepError,
  ReadModelVersionRetiredError,
  type Doc,
  type ListQuery,
  type Page,
  type ReadModelSpace,
  type ReadStore,
  type ReadWrite,
} from '../../ports/read-store.ts';

// Read models in Redis, one key space per version behind an `active` pointer. A batch of writes and
// its checkpoint are applied by one Lua script that first compares the stored checkpoint, so a
// replayed batch changes nothing and a half-applied batch cannot exist.

// ARGV: base, checkpoint, versions key, version, the active-pointer key, '1' when the writer states
// where it expects the store ('0' when not), that checkpoint (a store elsewhere: -1; a version older
// than the active one: -2), then per write: kind ('p' put, 'u' put of a document that is never
// indexed, 'd' delete), collection, id, and for a put the document JSON, the number of indexes and
// each index's name and score. Flat arguments avoid decoding JSON in Redis.
const APPLY = `
local base = ARGV[1]
local checkpoint = ARGV[2]
local stored = redis.call('GET', base .. ':checkpoint') or ''
if ARGV[6] == '1' then
  if tonumber(ARGV[4]) < tonumber(redis.call('GET', ARGV[5]) or '0') then return -2 end
  if stored ~= ARGV[7] then return -1 end
end
if checkpoint <= stored then return 0 end
local i = 8
while i <= #ARGV do
  local kind, collection, id = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  i = i + 3
  local docKey = base .. ':doc:' .. collection .. ':' .. id
  if kind == 'u' then
    redis.call('SET', docKey, ARGV[i])
    i = i + 1
  else
  local memKey = base .. ':mem:' .. collection .. ':' .. id
  local old = redis.call('GET', memKey)
  if kind == 'd' then
    if old then
      for name in string.gmatch(old, '([^\\n]+)\\t[^\\n]*') do redis.call('ZREM', base .. ':idx:' .. collection .. ':' .. name, id) end
    end
    redis.call('DEL', docKey, memKey)
  else
    redis.call('SET', docKey, ARGV[i])
    local count = tonumber(ARGV[i + 1])
    local first = i + 2
    i = first + 2 * count
    local lines = {}
    for n = 0, count - 1 do lines[#lines + 1] = ARGV[first + 2 * n] .. '\\t' .. ARGV[first + 2 * n + 1] end
    local memberships = table.concat(lines, '\\n')
    -- Most updates keep a document in the same indexes with the same scores: nothing to move then.
    if memberships ~= (old or '') then
      if old then
        for name in string.gmatch(old, '([^\\n]+)\\t[^\\n]*') do redis.call('ZREM', base .. ':idx:' .. collection .. ':' .. name, id) end
      end
      for n = 0, count - 1 do redis.call('ZADD', base .. ':idx:' .. collection .. ':' .. ARGV[first + 2 * n], ARGV[first + 2 * n + 1], id) end
      if count > 0 then redis.call('SET', memKey, memberships) else redis.call('DEL', memKey) end
    end
  end
  end
end
redis.call('SET', base .. ':checkpoint', checkpoint)
redis.call('SADD', ARGV[3], ARGV[4])
return 1`;

// Newest first (score descending, then id descending, as ZREVRANGE orders members); after a cursor
// means a lower score, or the same score and a lower id.
const LIST = `
local index = ARGV[1]
local docPrefix = ARGV[2]
local limit = tonumber(ARGV[3])
local hasCursor = ARGV[4] == '1'
local cursorScore = tonumber(ARGV[5])
local cursorId = ARGV[6]
local max = hasCursor and ARGV[5] or '+inf'
local found = {}
local offset = 0
local chunk = limit + 16
while #found < limit + 1 do
  local page = redis.call('ZREVRANGEBYSCORE', index, max, '-inf', 'WITHSCORES', 'LIMIT', offset, chunk)
  if #page == 0 then break end
  for i = 1, #page, 2 do
    local id, score = page[i], page[i + 1]
    if not hasCursor or tonumber(score) < cursorScore or id < cursorId then
      if #found < limit + 1 then found[#found + 1] = { id, score } end
    end
  end
  offset = offset + chunk
end
local result = {}
for i, entry in ipairs(found) do
  if i <= limit then
    result[#result + 1] = entry[1]
    result[#result + 1] = entry[2]
    result[#result + 1] = redis.call('GET', docPrefix .. entry[1]) or ''
  end
end
result[#result + 1] = (#found > limit) and '1' or '0'
return result`;

const POINTER_CACHE_MS = 250;
/** Keys or members per multi-key command, an even number (MSET and ZADD take pairs). */
const MAX_ARGUMENTS = 20_000;

/** `values` in pieces of at most MAX_ARGUMENTS, without copying the usual single piece. */
const chunks = (values: string[]) => {
  if (values.length <= MAX_ARGUMENTS) return values.length === 0 ? [] : [values];
  const pieces: string[][] = [];
  for (let i = 0; i < values.length; i += MAX_ARGUMENTS) pieces.push(values.slice(i, i + MAX_ARGUMENTS));
  return pieces;
};

export async function openRedisReadStore(options: { url: string; keyPrefix?: string }): Promise<ReadStore> {
  const prefix = options.keyPrefix ?? 'rm';
  const redis = new Redis(options.url, { maxRetriesPerRequest: 3, lazyConnect: true });
  redis.on('error', () => undefined);
  await redis.connect();
  redis.defineCommand('applyBatch', { numberOfKeys: 0, lua: APPLY });
  redis.defineCommand('listPage', { numberOfKeys: 0, lua: LIST });
  const commands = redis as unknown as {
    applyBatch(...args: string[]): Promise<number>;
    listPage(...args: string[]): Promise<string[]>;
  };
  const pointerKey = `${prefix}:active`;
  const versionsKey = `${prefix}:versions`;
  const base = (version: number) => `${prefix}:v${version}`;
  let cached: { version: number; at: number } | null = null;
  /** The pointer read under way, shared by the requests that find the cached one stale. */
  let reading: Promise<number> | null = null;

  // What a bulk load (a rebuild) has put in each index, so it can move documents between indexes
  // without reading Redis back.
  const bulkMemberships = new Map<number, Map<string, Map<string, string>>>();

  // Documents read by the requests that arrive together come in one MGET.
  const read = coalesce(async (keys: string[]) => (keys.length === 1 ? [await redis.get(keys[0] as string)] : redis.mget(keys)));
  // A view holds no state of its own, so one per version serves every read.
  const views = new Map<number, ReadModelSpace>();
  const space = (version: number): ReadModelSpace => {
    let view = views.get(version);
    if (!view) views.set(version, (view = createView(version)));
    return view;
  };
  const createView = (version: number): ReadModelSpace => ({
    version,
    async get(collection, id) {
      const json = await read(`${base(version)}:doc:${collection}:${id}`);
      return json ? (JSON.parse(json) as Doc) : null;
    },
    async getMany(refs) {
      if (refs.length === 0) return [];
      const values = await redis.mget(refs.map((ref) => `${base(version)}:doc:${ref.collection}:${ref.id}`));
      return values.map((json) => (json ? (JSON.parse(json) as Doc) : null));
    },
    async list(collection: string, query: ListQuery): Promise<Page> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const reply = await commands.listPage(
        `${base(version)}:idx:${collection}:${query.index}`,
        `${base(version)}:doc:${collection}:`,
        String(query.limit),
        cursor ? '1' : '0',
        cursor ? String(cursor.score) : '0',
        cursor ? cursor.id : '',
      );
      const more = reply.pop() === '1';
      const items: Doc[] = [];
      let last: { id: string; score: number } | null = null;
      for (let i = 0; i < reply.length; i += 3) {
        const id = reply[i] as string;
        last = { id, score: Number(reply[i + 1]) };
        if (reply[i + 2]) items.push(JSON.parse(reply[i + 2] as string) as Doc);
      }
      return more && last ? { items, nextCursor: encodeCursor(last) } : { items };
    },
    async apply(writes: ReadWrite[], checkpoint: Checkpoint, expected?: Checkpoint) {
      const args = [base(version), checkpoint, versionsKey, String(version), pointerKey, expected === undefined ? '0' : '1', expected ?? ''];
      for (const write of writes) {
        if (write.kind === 'delete') args.push('d', write.collection, write.id);
        else if (write.unindexed) args.push('u', write.collection, write.id, JSON.stringify(write.doc));
        else {
          args.push('p', write.collection, write.id, JSON.stringify(write.doc), String(write.indexes.length));
          for (const entry of write.indexes) args.push(entry.name, String(entry.score));
        }
      }
      const outcome = await commands.applyBatch(...args);
      if (outcome === -2) throw new ReadModelVersionRetiredError(version);
      if (outcome === -1) throw new ReadModelsOutOfStepError((await redis.get(`${base(version)}:checkpoint`)) ?? START);
      return outcome === 1;
    },
    async applyBulk(writes: ReadWrite[], checkpoint: Checkpoint) {
      let known = bulkMemberships.get(version);
      if (!known) bulkMemberships.set(version, (known = new Map()));
      const keyBase = base(version);
      // Multi-key commands (one MSET, one UNLINK, one ZREM and one ZADD per index) rather than one
      // command per key: the client's per-command cost, not Redis, bounds a rebuild.
      const sets: string[] = [];
      const unlinks: string[] = [];
      const removals = new Map<string, string[]>();
      const additions = new Map<string, string[]>();
      // The store replaces a document whole, so only the last write of each in the batch counts; with
      // one write per document, no two of the commands below touch the same key or member.
      const lastWrites = new Map<string, Map<string, ReadWrite>>();
      for (const write of writes) innerMap(lastWrites, write.collection).set(write.id, write);
      for (const ofCollection of lastWrites.values())
        for (const write of ofCollection.values()) {
          const docKey = `${keyBase}:doc:${write.collection}:${write.id}`;
          if (write.kind === 'put') sets.push(docKey, JSON.stringify(write.doc));
          else unlinks.push(docKey);
          if (write.kind === 'put' && write.unindexed) continue;
          const ofCollection = innerMap(known, write.collection);
          const before = ofCollection.get(write.id) ?? '';
          const after = write.kind === 'put' ? write.indexes.map((entry) => `${entry.name}\t${entry.score}`).join('\n') : '';
          if (before === after) continue;
          const indexKey = (name: string) => `${keyBase}:idx:${write.collection}:${name}`;
          for (const line of before ? before.split('\n') : []) innerList(removals, indexKey(line.slice(0, line.lastIndexOf('\t')))).push(write.id);
          if (write.kind === 'put') for (const entry of write.indexes) innerList(additions, indexKey(entry.name)).push(String(entry.score), write.id);
          const memKey = `${keyBase}:mem:${write.collection}:${write.id}`;
          if (after) {
            sets.push(memKey, after);
            ofCollection.set(write.id, after);
          } else {
            unlinks.push(memKey);
            ofCollection.delete(write.id);
          }
        }
      const pipeline = redis.pipeline();
      for (const chunk of chunks(unlinks)) pipeline.unlink(chunk);
      for (const [key, ids] of removals) for (const chunk of chunks(ids)) pipeline.zrem(key, chunk);
      for (const [key, pairs] of additions) for (const chunk of chunks(pairs)) pipeline.zadd(key, ...chunk);
      for (const chunk of chunks(sets)) pipeline.mset(chunk);
      pipeline.set(`${keyBase}:checkpoint`, checkpoint);
      pipeline.sadd(versionsKey, String(version));
      const failed = (await pipeline.exec())?.find(([error]) => error);
      if (failed) throw failed[0];
    },
    async checkpoint() {
      return (await redis.get(`${base(version)}:checkpoint`)) ?? START;
    },
    async dump() {
      const result: Record<string, Record<string, Doc>> = {};
      const docPrefix = `${base(version)}:doc:`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${docPrefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length === 0) continue;
        const values = await redis.mget(...keys);
        keys.forEach((key, i) => {
          const rest = key.slice(docPrefix.length);
          const split = rest.indexOf(':');
          const collection = rest.slice(0, split);
          (result[collection] ??= {})[rest.slice(split + 1)] = JSON.parse(values[i] as string) as Doc;
        });
      } while (cursor !== '0');
      return result;
    },
  });

  const activeVersion = async (): Promise<number> => {
    const pointer = await redis.get(pointerKey);
    if (pointer) return Number(pointer);
    await redis.set(pointerKey, '1', 'NX');
    await redis.sadd(versionsKey, '1');
    return Number(await redis.get(pointerKey));
  };

  return {
    async active() {
      if (cached && Date.now() - cached.at <= POINTER_CACHE_MS) return space(cached.version);
      reading ??= activeVersion().finally(() => (reading = null));
      const version = await reading;
      cached = { version, at: Date.now() };
      return space(version);
    },
    space,
    activeVersion,
    async latestVersion() {
      const versions = (await redis.smembers(versionsKey)).map(Number);
      return Math.max(await activeVersion(), ...versions);
    },
    async activate(version) {
      bulkMemberships.delete(version);
      await redis.sadd(versionsKey, String(version));
      await redis.set(pointerKey, String(version));
      cached = null;
    },
    async drop(version) {
      bulkMemberships.delete(version);
      if (version === (await activeVersion())) throw new Error('the active version cannot be dropped');
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${base(version)}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.unlink(...keys);
      } while (cursor !== '0');
      await redis.srem(versionsKey, String(version));
      views.delete(version);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}
