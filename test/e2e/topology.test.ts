import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSharedState, sharedStoresEnv } from '../support/shared-state.ts';
import { spawnService, type ServiceProcess } from '../support/processes.ts';

// Issue acceptance: EVENT_STORE=postgres READ_STORE=redis with two api processes and one projector.

describe('postgres + redis with two api processes and a projector process', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `topology_${suffix}`;
  const prefix = `lcs-topology-${suffix}`;
  const adminKey = `admin-${randomBytes(16).toString('hex')}`;
  const processes: ServiceProcess[] = [];
  let dataDir: string;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lcs-topology-'));
    const env = sharedStoresEnv({ schema, redisPrefix: prefix, adminKey, dataDir });
    processes.push(await spawnService({ ...env, ROLE: 'projector' }));
    processes.push(await spawnService({ ...env, ROLE: 'api' }));
    processes.push(await spawnService({ ...env, ROLE: 'api' }));
  });

  after(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await dropSharedState({ schema: schema, redisPrefix: prefix, dataDir: dataDir });
  });

  test('a key created through one api process works at once on the other', async () => {
    const [, api1, api2] = processes as [ServiceProcess, ServiceProcess, ServiceProcess];
    for (let i = 0; i < 5; i++) {
      const created = await fetch(`${api1.url}/v1/createOrganization`, {
        method: 'POST',
        headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Org ${i}`, url: 'https://org.example' }),
      });
      assert.equal(created.status, 201);
      const { apiKey } = (await created.json()) as { apiKey: { apiKey: string } };
      const sources = await fetch(`${api2.url}/v1/sources`, { headers: { 'x-api-key': apiKey.apiKey } });
      assert.equal(sources.status, 200);
      assert.deepEqual(await sources.json(), { data: [] });
    }
    const wrongKey = await fetch(`${api2.url}/v1/sources`, { headers: { 'x-api-key': 'lcs_wrongwrongwrongwrongwrongwrongwrong' } });
    assert.equal(wrongKey.status, 401);
    const wrongAdmin = await fetch(`${api1.url}/v1/createOrganization`, {
      method: 'POST',
      headers: { 'admin-key': 'wrong-admin-key-123456', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'X', url: 'https://x.example' }),
    });
    assert.equal(wrongAdmin.status, 401);
  });

  test('SIGTERM stops a process cleanly', async () => {
    const api2 = processes[2] as ServiceProcess;
    assert.equal(await api2.stop('SIGTERM'), 0);
  });
});
