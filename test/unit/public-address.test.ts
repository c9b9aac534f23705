// The SSRF filter: which addresses a webhook may reach, and how a URL's host is judged, including
// names that resolve to a private address (with a resolver under the test's control).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isPublicAddress, literalAddress } from '../../src/domain/public-address.ts';
import { vetTarget } from '../../src/services/webhook-target.ts';

describe('isPublicAddress', () => {
  test('refuses loopback, private, link-local, unique-local, CGNAT, multicast, unspecified and reserved addresses', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '224.0.0.1', '239.255.255.250', '0.0.0.0', '255.255.255.255', '192.0.2.10', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::1',
      'not an address',
    ]) assert.equal(isPublicAddress(address), false, address);
  });

  test('accepts public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isPublicAddress(address), true, address);
    }
  });

  test('reads IP literals from URL hosts, brackets and all; names are not literals', () => {
    assert.equal(literalAddress(new URL('http://[::1]:8080/').hostname), '::1');
    // The URL parser normalises the odd IPv4 spellings before the filter sees them.
    assert.equal(literalAddress(new URL('http://2130706433/').hostname), '127.0.0.1');
    assert.equal(literalAddress(new URL('http://0x7f.1/').hostname), '127.0.0.1');
    assert.equal(literalAddress('example.com'), undefined);
  });
});

describe('vetTarget', () => {
  const resolvesTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  test('refuses other schemes, credentials, private literals and names that resolve to private addresses', async () => {
    const refused = async (url: string, resolve = resolvesTo('93.184.215.14')) =>
      assert.rejects(vetTarget(url, false, resolve), (e: Error & { code?: string }) => e.code === 'webhook_target_refused', url);
    await refused('ftp://example.com/x');
    await refused('file:///etc/passwd');
    await refused('http://user:pw@example.com/');
    await refused('http://127.0.0.1:3000/hook');
    await refused('http://[::1]/hook');
    await refused('http://169.254.169.254/latest/meta-data/');
    await refused('http://hooks.example.com/', resolvesTo('10.0.0.7'));
    // One private address among public ones is enough: the connection must not be able to pick it.
    await refused('http://hooks.example.com/', resolvesTo('93.184.215.14', '127.0.0.1'));
    await refused('not a url');
  });

  test('pins the checked address of a public name, and lets private targets through only when allowed', async () => {
    const target = await vetTarget('https://hooks.example.com/in', false, resolvesTo('93.184.215.14'));
    assert.deepEqual([target.address, target.family, target.url.hostname], ['93.184.215.14', 4, 'hooks.example.com']);
    const local = await vetTarget('http://localhost:9/x', true, resolvesTo('127.0.0.1'));
    assert.equal(local.address, '127.0.0.1');
  });

  test('a name that does not resolve is told apart from a refused one', async () => {
    await assert.rejects(vetTarget('http://nowhere.invalid/', false, async () => { throw Object.assign(new Error('x'), { code: 'ENOTFOUND' }); }),
      (e: Error) => e.constructor.name === 'TargetUnresolved' && /ENOTFOUND/.test(e.message));
  });
});
