import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { loadConfig } from '../../infrastructure/config.ts';
import { startService, type RunningService } from '../../main.ts';

// Starts the whole service in this process on a free port with its own data directory, and calls it
// over HTTP the way a client would.

export type TestService = RunningService & {
  dataDir: string;
  call(method: string, path: string, options?: CallOptions): Promise<{ status: number; body: any; headers: Headers }>;
  createOrganization(name?: string): Promise<{ organizationId: string; apiKey: string }>;
};

export type CallOptions = { apiKey?: string; adminKey?: string; json?: unknown; body?: string | Buffer | FormData; headers?: Record<string, string> };

/**
 * With `dataDir`, the service starts on (and leaves behind) that directory, so a test can restart it
 * on the same data; with `logger`, it logs there instead of nowhere.
 */
export async function startTestService(
  env: Record<string, string> = {},
  options: { clock?: () => Date; dataDir?: string; logger?: Logger } = {},
): Promise<TestService> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'lcs-test-')));
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, ADMIN_KEY: 'test-admin-key-0123456789abcdef0123456789', LOG_LEVEL: 'silent', ...env });
  const logger = options.logger ?? pino({ level: env['LOG_LEVEL'] ?? 'silent' });
  const service = await startService(config, logger, options.clock ? { clock: options.clock } : {});
  const call: TestService['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.adminKey) headers['admin-key'] = options.adminKey;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(service.url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    ...service,
    dataDir,
    call,
    async createOrganization(name = 'Acme Learning') {
      const response = await call('POST', '/v1/createOrganization', { adminKey: service.adminKey, json: { name, url: 'https://acme.example' } });
      if (response.status !== 201) throw new Error(`createOrganization: ${response.status} ${JSON.stringify(response.body)}`);
      return { organizationId: response.body.organization._id, apiKey: response.body.apiKey.apiKey };
    },
    async stop() {
      await service.stop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
