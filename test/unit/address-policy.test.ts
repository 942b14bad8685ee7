import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusalForAddress, refusalForHostname } from '../../infrastructure/web/address-policy.ts';

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

test('every non-public address is refused, in every spelling a URL allows', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
  ];
  for (const url of refused) assert.ok(refusalForAddress(hostOf(url)), `${url} (${hostOf(url)}) must be refused`);
  assert.match(refusalForAddress('169.254.169.254') ?? '', /link-local/);
  assert.ok(refusalForHostname('metadata.google.internal'));
});

test('public addresses pass, and loopback only when explicitly allowed', () => {
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) assert.equal(refusalForAddress(address), null, address);
  assert.equal(refusalForAddress('127.0.0.1', { allowLoopback: true }), null);
  assert.equal(refusalForAddress('::1', { allowLoopback: true }), null);
  assert.ok(refusalForAddress('10.0.0.1', { allowLoopback: true }), 'private stays refused');
  assert.equal(refusalForHostname('example.com'), null);
});
