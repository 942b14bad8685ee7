import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { eventSchemas, eventTypes, currentVersion, parseEvent, upcastAndParse, UnknownEventError } from '../../domain/events.ts';

describe('event catalog', () => {
  test('every event type has a schema and a version', () => {
    for (const type of eventTypes) {
      assert.ok(eventSchemas[type]);
      assert.ok(currentVersion[type] >= 1);
    }
  });

  test('stored data is validated on read', () => {
    assert.throws(() => parseEvent('OrganizationCreated', 1, { organizationId: 'o', name: '', url: 'x', createdAt: 'y' }));
    assert.throws(() => parseEvent('NoSuchEvent', 1, {}), UnknownEventError);
  });

  test('an older version is upcast step by step before validation', () => {
    const catalog = {
      schemas: { Renamed: z.object({ fullName: z.string(), tags: z.array(z.string()) }) },
      versions: { Renamed: 3 },
      upcasters: {
        Renamed: {
          1: (d: Record<string, unknown>) => ({ fullName: d['name'] }),
          2: (d: Record<string, unknown>) => ({ ...d, tags: [] }),
        },
      },
    };
    assert.deepEqual(upcastAndParse('Renamed', 1, { name: 'Ada' }, catalog).data, { fullName: 'Ada', tags: [] });
    assert.deepEqual(upcastAndParse('Renamed', 3, { fullName: 'Ada', tags: ['x'] }, catalog).data, { fullName: 'Ada', tags: ['x'] });
    assert.throws(() => upcastAndParse('Renamed', 0, {}, catalog), UnknownEventError);
  });
});
