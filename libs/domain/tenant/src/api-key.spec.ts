import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  displayPrefix,
  generateApiKey,
  generateApiKeyId,
  hashApiKey,
  randomBase62,
  weakAdminKey,
} from './api-key';

describe('API key material', () => {
  it('has the documented shapes', () => {
    assert.match(generateApiKey(), /^sk_live_[A-Za-z0-9]{40}$/);
    assert.match(generateApiKeyId(), /^key_[A-Za-z0-9]{16}$/);
    assert.equal(displayPrefix('sk_live_AbCdEfGh'), 'sk_live_AbCd');
  });

  it('hashes with SHA-256 (hex)', () => {
    assert.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('draws every base62 character, and never the same key twice', () => {
    const sample = randomBase62(20_000);
    assert.equal(new Set(sample).size, 62);
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    assert.equal(keys.size, 1000);
  });
});

describe('weakAdminKey', () => {
  it('finds short and repetitive keys weak, and generated keys strong', () => {
    assert.match(weakAdminKey('admin') ?? '', /shorter than 32/);
    assert.match(weakAdminKey('sk_live_' + 'a'.repeat(40)) ?? '', /fewer than 16 distinct/);
    for (let i = 0; i < 100; i++) assert.equal(weakAdminKey(generateApiKey()), null);
  });
});
