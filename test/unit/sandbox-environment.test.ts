import { test } from 'node:test';
import assert from 'node:assert/strict';
import { childEnvironment } from '../../extraction/sandbox.ts';

// The parser child reads untrusted bytes: it must not inherit the service's secrets.

test('the parser child gets how to find its tools and none of the service settings', () => {
  const service = {
    PATH: '/usr/bin',
    HOME: '/home/app',
    SOFFICE_PATH: '/opt/soffice',
    GEMINI_API_KEY: 'secret-gemini',
    ADMIN_KEY: 'secret-admin',
    DATABASE_URL: 'postgres://user:pass@db/lcs',
    GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json',
    NODE_OPTIONS: '--require /tmp/evil.js',
  };
  assert.deepEqual(childEnvironment('/tmp/parse-1', service), { TMPDIR: '/tmp/parse-1', PATH: '/usr/bin', HOME: '/home/app', SOFFICE_PATH: '/opt/soffice' });
});
