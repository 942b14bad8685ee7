import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeBlockedAddress, refusalForAddress, refusalForHost } from '../../infrastructure/web/address-policy.ts';

// Each host as a client could write it. The policy must refuse it as written (ipaddr.js reads the odd
// IPv4 spellings itself) and as the WHATWG URL parser normalises it in a URL's hostname.
const refused: [host: string, kind: RegExp][] = [
  ['127.0.0.1', /loopback/],
  ['2130706433', /loopback/],
  ['0x7f000001', /loopback/],
  ['0177.0.0.1', /loopback/],
  ['127.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['[::1]', /loopback/],
  ['[::ffff:127.0.0.1]', /loopback/],
  ['[::ffff:7f00:1]', /loopback/],
  ['[0:0:0:0:0:ffff:127.0.0.1]', /loopback/],
  ['10.0.0.1', /private/],
  ['012.0.0.1', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.255', /private/],
  ['192.168.1.1', /private/],
  ['[::ffff:192.168.1.1]', /private/],
  ['169.254.169.254', /link-local/],
  ['[::ffff:a9fe:a9fe]', /link-local/],
  ['100.64.0.1', /carrier-grade NAT/],
  ['100.127.255.254', /carrier-grade NAT/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['[::]', /unspecified/],
  ['[fd00::1]', /unique-local/],
  ['[fc00::1]', /unique-local/],
  ['[fe80::1]', /link-local/],
  ['[febf::1]', /link-local/],
  ['[fec0::1]', /site-local/],
  ['224.0.0.1', /multicast/],
  ['239.255.255.250', /multicast/],
  ['[ff02::1]', /multicast/],
  ['255.255.255.255', /broadcast/],
  ['240.0.0.1', /reserved/],
  ['192.0.2.1', /reserved/],
  ['198.18.0.1', /reserved/],
  ['[2001:db8::1]', /reserved/],
  ['[::7f00:1]', /IPv4-compatible/],
  ['[64:ff9b::a00:1]', /private/],
  ['[64:ff9b::a9fe:a9fe]', /link-local/],
  ['[2002:7f00:1::]', /6to4/],
  ['[2001::1]', /Teredo/],
  ['metadata.google.internal', /internal name/],
  ['METADATA.GOOGLE.INTERNAL.', /internal name/],
  ['metadata', /internal name/],
  ['instance-data.ec2.internal', /internal name/],
];

const urlHostname = (host: string) => new URL(`http://${host}/`).hostname;

test('every non-public host is refused, as written and as a URL normalises it', () => {
  for (const [host, kind] of refused) {
    for (const form of new Set([host, urlHostname(host)])) {
      const refusal = refusalForHost(form);
      assert.ok(refusal, `${form} (from ${host}) must be refused`);
      assert.match(refusal, kind, `${form}: ${refusal}`);
      assert.match(refusal, /cannot be fetched$/);
    }
  }
});

test('the refusal names the address in words a client can act on', () => {
  assert.equal(refusalForAddress('10.0.0.5'), 'the address 10.0.0.5 is a private address and cannot be fetched');
  assert.equal(refusalForHost('[::1]'), 'the address ::1 is a loopback address and cannot be fetched');
  assert.equal(refusalForHost('metadata.google.internal'), 'the host metadata.google.internal is an internal name and cannot be fetched');
});

test('public addresses and ordinary names pass', () => {
  for (const host of [
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '[2606:4700:4700::1111]',
    '[::ffff:8.8.8.8]',
    '[64:ff9b::808:808]',
    'example.com',
    'www.youtube.com',
    'internal.example.com',
  ]) {
    assert.equal(refusalForHost(host), null, host);
    assert.equal(refusalForHost(urlHostname(host)), null, `${host} via URL`);
  }
});

test('allowLoopback permits 127.0.0.0/8 and ::1, and nothing else', () => {
  for (const host of ['127.0.0.1', '127.1', '2130706433', '127.9.9.9', '[::1]', '[::ffff:127.0.0.1]']) {
    assert.equal(refusalForHost(host, { allowLoopback: true }), null, host);
  }
  for (const host of ['10.0.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '[::]', '[fd00::1]', '[fe80::1]', '100.64.0.1', 'metadata.google.internal']) {
    assert.ok(refusalForHost(host, { allowLoopback: true }), `${host} stays refused`);
  }
});

test('an unparseable address is never allowed', () => {
  assert.equal(describeBlockedAddress('not-an-ip'), 'not a valid IP address');
});
