import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AddressGuard } from './address-guard';

describe('AddressGuard', () => {
  const guard = new AddressGuard();

  it('allows public unicast addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2001:4860:4860::8888', '2a00:1450:4001::1']) {
      assert.equal(guard.allows(address), true, address);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '240.0.0.1', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    ]) {
      assert.equal(guard.allows(address), false, address);
    }
  });

  it('judges IPv6 forms that embed an IPv4 address by that address', () => {
    assert.equal(guard.allows('::ffff:127.0.0.1'), false);
    assert.equal(guard.allows('::ffff:10.0.0.1'), false);
    assert.equal(guard.allows('64:ff9b::a9fe:a9fe'), false); // NAT64 of 169.254.169.254
    assert.equal(guard.allows('2002:7f00:0001::1'), false); // 6to4 of 127.0.0.1
    assert.equal(guard.allows('::ffff:8.8.8.8'), true);
  });

  it('refuses what is not an address', () => {
    assert.equal(guard.allows('localhost'), false);
    assert.equal(guard.allows(''), false);
  });

  it('lets through exactly the networks configuration allows', () => {
    const configured = new AddressGuard(['127.0.0.1/32', '10.0.0.0/8', '::1']);
    assert.equal(configured.allows('127.0.0.1'), true);
    assert.equal(configured.allows('127.0.0.2'), false);
    assert.equal(configured.allows('10.200.3.4'), true);
    assert.equal(configured.allows('::ffff:10.0.0.5'), true);
    assert.equal(configured.allows('::1'), true);
    assert.equal(configured.allows('192.168.0.1'), false);
  });

  it('refuses a configuration entry that is not a network', () => {
    assert.throws(() => new AddressGuard(['intranet.local']), /Not an IP network: 'intranet.local'/);
  });
});
