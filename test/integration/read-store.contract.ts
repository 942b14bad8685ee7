import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ReadModelsOutOfStepError, ReadModelVersionRetiredError, type ReadStore, type ReadWrite } from '../../ports/read-store.ts';
import { InvalidCursorError } from '../../projections/list-cursor.ts';

// The contract both read-store adapters pass (memory, Redis).

const cp = (n: number) => String(n).padStart(20, '0');
const put = (id: string, score: number, indexes = ['org:a'], extra: Record<string, unknown> = {}): ReadWrite => ({
  kind: 'put',
  collection: 'things',
  id,
  doc: { id, score, ...extra },
  indexes: indexes.map((name) => ({ name, score })),
});

const del = (id: string): ReadWrite => ({ kind: 'delete', collection: 'things', id });
const ids = (page: { items: Record<string, unknown>[] }) => page.items.map((doc) => doc['id']);

export function readStoreContract(name: string, open: () => Promise<ReadStore>) {
  describe(`read store contract: ${name}`, () => {
    let store: ReadStore;
    before(async () => {
      store = await open();
    });
    after(() => store.close());

    test('put, get, delete, and a replayed batch changes nothing', async () => {
      const space = await store.active();
      assert.equal(await space.checkpoint(), '');
      assert.equal(await space.apply([put('x', 1, [], { n: 1 })], cp(1)), true);
      assert.deepEqual(await space.get('things', 'x'), { id: 'x', score: 1, n: 1 });
      assert.equal(await space.apply([put('x', 1, [], { n: 2 })], cp(1)), false, 'same checkpoint is a replay');
      assert.equal(await space.apply([put('x', 1, [], { n: 3 })], cp(0)), false, 'older checkpoint is a replay');
      assert.deepEqual(await space.get('things', 'x'), { id: 'x', score: 1, n: 1 });
      assert.equal(await space.checkpoint(), cp(1));
      await space.apply([{ kind: 'delete', collection: 'things', id: 'x' }], cp(2));
      assert.equal(await space.get('things', 'x'), null);
    });

    test('getMany answers in the order asked, null for what does not exist', async () => {
      const space = store.space((await store.latestVersion()) + 20);
      await space.apply([put('m1', 1, [], { n: 1 }), put('m2', 2, [], { n: 2 })], cp(1));
      const refs = [
        { collection: 'things', id: 'm2' },
        { collection: 'things', id: 'absent' },
        { collection: 'other', id: 'm1' },
        { collection: 'things', id: 'm1' },
      ];
      assert.deepEqual(await space.getMany(refs), [{ id: 'm2', score: 2, n: 2 }, null, null, { id: 'm1', score: 1, n: 1 }]);
      assert.deepEqual(await space.getMany([]), []);
      await store.drop(space.version);
    });

    test('applyBulk (where offered) leaves what apply leaves, also with several writes of a document in a batch', async () => {
      const first = (await store.latestVersion()) + 30;
      const viaApply = store.space(first);
      const viaBulk = store.space(first + 1);
      if (!viaBulk.applyBulk) return;
      const batches: ReadWrite[][] = [
        [put('a', 1, ['i:1', 'i:2']), put('b', 2, ['i:1']), { kind: 'put', collection: 'plain', id: 'p', doc: { p: 1 }, indexes: [], unindexed: true }],
        [put('a', 3, ['i:2']), del('b'), put('c', 4, ['i:1']), put('c', 5, ['i:1', 'i:3']), del('d'), put('d', 6, ['i:3'])],
        [del('c'), put('c', 7, ['i:2']), put('e', 8, ['i:1']), del('e'), put('a', 3, ['i:2'], { again: true })],
      ];
      for (const [n, batch] of batches.entries()) {
        await viaApply.apply(batch, cp(n + 1));
        await viaBulk.applyBulk(batch, cp(n + 1));
      }
      assert.deepEqual(await viaBulk.dump(), await viaApply.dump());
      assert.equal(await viaBulk.checkpoint(), cp(3));
      for (const index of ['i:1', 'i:2', 'i:3']) {
        assert.deepEqual(await viaBulk.list('things', { index, limit: 10 }), await viaApply.list('things', { index, limit: 10 }), index);
      }
      assert.deepEqual(ids(await viaBulk.list('things', { index: 'i:2', limit: 10 })), ['c', 'a']);
      // The live apply, once the version is built, finds the memberships the bulk load recorded.
      await viaBulk.apply([del('a'), put('c', 7, ['i:3'])], cp(4));
      assert.deepEqual(ids(await viaBulk.list('things', { index: 'i:2', limit: 10 })), []);
      assert.deepEqual(ids(await viaBulk.list('things', { index: 'i:3', limit: 10 })), ['c', 'd']);
      await store.drop(first);
      await store.drop(first + 1);
    });

    test('a writer that expects the store anywhere but where it is gets ReadModelsOutOfStepError and writes nothing', async () => {
      const space = store.space((await store.latestVersion()) + 10);
      await space.apply([put('early', 1, [])], cp(2));
      const outOfStep = (error: unknown) => error instanceof ReadModelsOutOfStepError && error.stored === cp(2);
      // Behind the writer: the store lost data. Ahead of it: another writer applied these events.
      await assert.rejects(space.apply([put('late', 1, [])], cp(9), cp(5)), outOfStep);
      await assert.rejects(space.apply([put('again', 1, [])], cp(3), cp(1)), outOfStep);
      assert.equal(await space.get('things', 'late'), null);
      assert.equal(await space.get('things', 'again'), null);
      assert.equal(await space.apply([put('next', 1, [])], cp(3), cp(2)), true, 'in step with the writer: applied');
      assert.equal(await space.checkpoint(), cp(3));
    });

    test('a version older than the active one takes no more writes from the live writer', async () => {
      const retired = await store.activeVersion();
      const at = await store.space(retired).checkpoint();
      const next = (await store.latestVersion()) + 1;
      await store.space(next).apply([put('seed', 1, [])], cp(1));
      await store.activate(next);
      await assert.rejects(store.space(retired).apply([put('stray', 1, [])], cp(99), at), ReadModelVersionRetiredError);
      assert.equal(await store.space(retired).get('things', 'stray'), null);
      assert.equal(await store.space(next).apply([put('live', 1, [])], cp(2), cp(1)), true);
    });

    test('lists newest first with ties by id, and pages with a cursor while items are inserted', async () => {
      const space = await store.active();
      await space.apply([put('a', 10), put('b', 20), put('c', 20), put('d', 30), put('e', 5)], cp(3));
      const first = await space.list('things', { index: 'org:a', limit: 2 });
      assert.deepEqual(
        first.items.map((doc) => doc['id']),
        ['d', 'c'],
      );
      assert.ok(first.nextCursor);
      await space.apply([put('f', 40), put('bb', 20)], cp(4));
      const second = await space.list('things', { index: 'org:a', limit: 2, cursor: first.nextCursor as string });
      assert.deepEqual(
        second.items.map((doc) => doc['id']),
        ['bb', 'b'],
        'no repeats, no skips after an insert',
      );
      const third = await space.list('things', { index: 'org:a', limit: 5, cursor: second.nextCursor as string });
      assert.deepEqual(
        third.items.map((doc) => doc['id']),
        ['a', 'e'],
      );
      assert.equal(third.nextCursor, undefined);
      assert.deepEqual((await space.list('things', { index: 'org:none', limit: 5 })).items, []);
      await assert.rejects(space.list('things', { index: 'org:a', limit: 2, cursor: 'garbage!' }), InvalidCursorError);
    });

    test('a put replaces index memberships; a delete removes them', async () => {
      const space = await store.active();
      await space.apply([put('m', 50, ['org:m', 'org:m:generating'])], cp(5));
      assert.equal((await space.list('things', { index: 'org:m:generating', limit: 5 })).items.length, 1);
      await space.apply([put('m', 50, ['org:m'])], cp(6));
      assert.equal((await space.list('things', { index: 'org:m:generating', limit: 5 })).items.length, 0);
      assert.equal((await space.list('things', { index: 'org:m', limit: 5 })).items.length, 1);
      await space.apply([{ kind: 'delete', collection: 'things', id: 'm' }], cp(7));
      assert.equal((await space.list('things', { index: 'org:m', limit: 5 })).items.length, 0);
    });

    test('versions are isolated; activate switches readers; drop removes a version', async () => {
      const active = await store.activeVersion();
      const next = (await store.latestVersion()) + 1;
      const space = store.space(next);
      await space.apply([put('v', 1, [], { version: next })], cp(1));
      assert.equal(await (await store.active()).get('things', 'v'), null);
      await store.activate(next);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal((await store.active()).version, next);
      assert.deepEqual(await (await store.active()).get('things', 'v'), { id: 'v', score: 1, version: next });
      await store.drop(active);
      assert.deepEqual(await store.space(active).dump(), {});
      await assert.rejects(store.drop(next));
      assert.deepEqual(await store.space(next).dump(), { things: { v: { id: 'v', score: 1, version: next } } });
    });
  });
}
