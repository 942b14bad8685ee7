import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSign, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { verifyPushRequest, type PushAuthConfig } from '../../infrastructure/blob-store/pubsub-push.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'key-1', alg: 'RS256', use: 'sig' };
const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>, key = privateKey, kid = 'key-1') => {
  const unsigned = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(claims)}`;
  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url')}`;
};
const now = Date.now();
const good = {
  aud: 'https://api.example/v1/internal/gcs-notifications',
  iss: 'https://accounts.google.com',
  exp: Math.floor(now / 1000) + 600,
  email: 'push@proj.iam.gserviceaccount.com',
  email_verified: true,
};
const config: PushAuthConfig = { audience: good.aud, serviceAccount: good.email, keys: async () => [jwk], now: () => now };
const body = (object: unknown, eventType = 'OBJECT_FINALIZE') => ({
  message: { data: Buffer.from(JSON.stringify(object)).toString('base64'), attributes: { eventType, bucketId: 'b', objectId: 'uploads/o/s' }, messageId: '1' },
  subscription: 'projects/p/subscriptions/s',
});
const object = { bucket: 'b', name: 'uploads/org-1/src-1', size: '1234', contentType: 'application/pdf' };

describe('Pub/Sub push verification', () => {
  test('a valid Google-signed token and a finalize notification', async () => {
    const verdict = await verifyPushRequest({ authorization: `Bearer ${token(good)}`, query: {}, body: body(object) }, config);
    assert.deepEqual(verdict, { ok: true, object: { bucket: 'b', name: 'uploads/org-1/src-1', size: 1234, contentType: 'application/pdf' } });
  });

  test('wrong audience, expired, bad signature, unknown key, wrong account, no token: 401', async () => {
    const cases: [string | undefined, RegExp][] = [
      [`Bearer ${token({ ...good, aud: 'https://elsewhere' })}`, /audience/],
      [`Bearer ${token({ ...good, exp: Math.floor(now / 1000) - 10 })}`, /expired/],
      [`Bearer ${token(good, other)}`, /signature/],
      [`Bearer ${token(good, privateKey, 'key-9')}`, /unknown signing key/],
      [`Bearer ${token({ ...good, email: 'intruder@x.iam.gserviceaccount.com' })}`, /service account/],
      [`Bearer ${token({ ...good, iss: 'https://evil.example' })}`, /issuer/],
      [undefined, /missing/],
      ['Bearer not.a.jwt', /malformed/],
    ];
    for (const [authorization, reason] of cases) {
      const verdict = await verifyPushRequest({ ...(authorization ? { authorization } : {}), query: {}, body: body(object) }, config);
      assert.equal(verdict.ok, false);
      if (!verdict.ok) {
        assert.equal(verdict.status, 401);
        assert.match(verdict.reason, reason);
      }
    }
  });

  test('a token is refused when no push service account is configured (any Google account can mint one)', async () => {
    const { serviceAccount: _account, ...withoutAccount } = config;
    const verdict = await verifyPushRequest({ authorization: `Bearer ${token(good)}`, query: {}, body: body(object) }, withoutAccount);
    assert.equal(verdict.ok, false);
    if (!verdict.ok) assert.match(verdict.reason, /misconfigured/);
  });

  test('shared-token mode', async () => {
    const tokenConfig = { token: 'a-long-shared-push-token' };
    assert.equal((await verifyPushRequest({ query: { token: 'a-long-shared-push-token' }, body: body(object) }, tokenConfig)).ok, true);
    const wrong = await verifyPushRequest({ query: { token: 'a-long-shared-push-tokeX' }, body: body(object) }, tokenConfig);
    assert.deepEqual(wrong, { ok: false, status: 401, reason: 'wrong push token' });
  });

  test('malformed bodies are 400; other event types are acknowledged and ignored', async () => {
    const auth = { authorization: `Bearer ${token(good)}`, query: {} };
    assert.deepEqual(await verifyPushRequest({ ...auth, body: { hello: 'world' } }, config), { ok: false, status: 400, reason: 'not a Pub/Sub push message' });
    const notJson = await verifyPushRequest({ ...auth, body: { message: { data: Buffer.from('nope').toString('base64') } } }, config);
    assert.equal(notJson.ok, false);
    assert.deepEqual(await verifyPushRequest({ ...auth, body: body(object, 'OBJECT_DELETE') }, config), { ok: true, object: null });
  });
});
