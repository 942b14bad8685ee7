import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, createHash, createVerify } from 'node:crypto';
import { createGcsBlobStore } from '../../infrastructure/blob-store/gcs.ts';
import { startFakeGcs } from '../support/fake-gcs.ts';
import { blobStoreContract } from './blob-store.contract.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const credentials = {
  client_email: 'uploader@test-project.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};

blobStoreContract('google cloud storage (local fake)', async () => {
  const fake = await startFakeGcs();
  return { store: createGcsBlobStore({ bucket: 'test-bucket', projectId: 'test-project', credentials, apiEndpoint: fake.apiEndpoint }), close: fake.close };
});

/** Rebuilds the V4 canonical request and string-to-sign as Google documents them and checks the RSA signature. */
function verifyV4(url: URL, headers: Record<string, string>, key = publicKey): boolean {
  const params = [...url.searchParams.entries()].filter(([name]) => name !== 'X-Goog-Signature');
  const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = params
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = url.searchParams.get('X-Goog-SignedHeaders') ?? '';
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${(name === 'host' ? url.host : (headers[name] ?? '')).trim()}\n`)
    .join('');
  const canonicalRequest = ['PUT', url.pathname, query, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const credential = url.searchParams.get('X-Goog-Credential') ?? '';
  const scope = credential.split('/').slice(1).join('/');
  const stringToSign = ['GOOG4-RSA-SHA256', url.searchParams.get('X-Goog-Date'), scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  return createVerify('RSA-SHA256')
    .update(stringToSign)
    .verify(key, Buffer.from(url.searchParams.get('X-Goog-Signature') ?? '', 'hex'));
}

describe('google cloud storage: V4 signed upload URLs', () => {
  test('bind the Content-Type, the expiry and the service account, and verify with its public key', async () => {
    const store = createGcsBlobStore({ bucket: 'test-bucket', projectId: 'test-project', credentials });
    const before = Date.now();
    const url = new URL(
      await store.createUploadUrl({ key: 'uploads/org-1/src-1', contentType: 'application/pdf', expiresAt: new Date(before + 15 * 60_000), maxBytes: 1000 }),
    );
    assert.equal(url.host, 'storage.googleapis.com');
    assert.equal(url.pathname, '/test-bucket/uploads/org-1/src-1');
    assert.equal(url.searchParams.get('X-Goog-Algorithm'), 'GOOG4-RSA-SHA256');
    assert.match(url.searchParams.get('X-Goog-Credential') ?? '', /^uploader@test-project\.iam\.gserviceaccount\.com\/\d{8}\/auto\/storage\/goog4_request$/);
    const expires = Number(url.searchParams.get('X-Goog-Expires'));
    assert.ok(expires >= 899 && expires <= 900, `expires ${expires}`);
    assert.deepEqual((url.searchParams.get('X-Goog-SignedHeaders') ?? '').split(';'), ['content-type', 'host']);
    assert.equal(verifyV4(url, { 'content-type': 'application/pdf' }), true, 'the signature verifies');
    assert.equal(verifyV4(url, { 'content-type': 'image/png' }), false, 'another Content-Type breaks it');
    const tampered = new URL(url);
    tampered.searchParams.set('X-Goog-Expires', '604800');
    assert.equal(verifyV4(tampered, { 'content-type': 'application/pdf' }), false, 'a longer expiry breaks it');
    const otherKey = createPublicKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }));
    assert.equal(verifyV4(url, { 'content-type': 'application/pdf' }, otherKey), false);
  });
});
