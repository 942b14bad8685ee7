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

  test('a revoked key is refused at once by the api process that revoked it, and within moments by the other, though both had it cached', async () => {
    const [, api1, api2] = processes as [ServiceProcess, ServiceProcess, ServiceProcess];
    const created = await fetch(`${api1.url}/v1/createOrganization`, {
      method: 'POST',
      headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Revoking', url: 'https://revoking.example' }),
    });
    const { organization, apiKey } = (await created.json()) as { organization: { _id: string }; apiKey: { _id: string; apiKey: string } };
    const sources = (api: ServiceProcess) => fetch(`${api.url}/v1/sources`, { headers: { 'x-api-key': apiKey.apiKey } });
    for (const api of [api1, api2]) assert.equal((await sources(api)).status, 200);
    const revoked = await fetch(`${api1.url}/v1/organizations/${organization._id}/apiKeys/${apiKey._id}`, {
      method: 'DELETE',
      headers: { 'admin-key': adminKey },
    });
    assert.equal(revoked.status, 200);
    const refusedAt = Date.now();
    assert.equal((await sources(api1)).status, 401, 'refused at once where it was revoked');
    while ((await sources(api2)).status !== 401) {
      assert.ok(Date.now() - refusedAt < 2000, 'refused by the other api process within 2 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  test('SIGTERM stops a process cleanly', async () => {
    const api2 = processes[2] as ServiceProcess;
    assert.equal(await api2.stop('SIGTERM'), 0);
  });
});
