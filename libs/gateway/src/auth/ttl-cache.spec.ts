import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  });
  afterEach(() => {
    mock.timers.reset();
  });

  it('returns an entry until its time is up, and nothing from then on', () => {
    const cache = new TtlCache<string>(1000, 10);
    cache.set('k', 'v');
    mock.timers.tick(999);
    assert.equal(cache.get('k'), 'v');
    mock.timers.tick(1);
    assert.equal(cache.get('k'), undefined);
    mock.timers.tick(10_000);
    assert.equal(cache.get('k'), undefined);
  });

  it('starts the time again when an entry is set again', () => {
    const cache = new TtlCache<number>(1000, 10);
    cache.set('k', 1);
    mock.timers.tick(800);
    cache.set('k', 2);
    mock.timers.tick(800);
    assert.equal(cache.get('k'), 2);
    mock.timers.tick(200);
    assert.equal(cache.get('k'), undefined);
  });

  it('returns undefined for a key never set', () => {
    assert.equal(new TtlCache<string>(1000, 10).get('nope'), undefined);
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new TtlCache<number>(60_000, 3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(key, i);
    assert.equal(cache.get('a'), undefined);
    assert.deepEqual(
      ['b', 'c', 'd'].map((k) => cache.get(k)),
      [1, 2, 3],
    );
  });

  it('counts a key set again as the newest', () => {
    const cache = new TtlCache<number>(60_000, 3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.set('a', 4);
    cache.set('d', 5);
    assert.equal(cache.get('b'), undefined);
    assert.deepEqual(
      ['a', 'c', 'd'].map((k) => cache.get(k)),
      [4, 3, 5],
    );
  });

  it('stays within its bound under many keys', () => {
    const cache = new TtlCache<number>(60_000, 10);
    for (let i = 0; i < 1000; i += 1) cache.set(`k${i}`, i);
    const kept = Array.from({ length: 1000 }, (_, i) => cache.get(`k${i}`)).filter((v) => v !== undefined);
    assert.deepEqual(
      kept,
      Array.from({ length: 10 }, (_, i) => 990 + i),
    );
  });

  it('caches nothing when the TTL is zero or negative', () => {
    for (const ttl of [0, -5]) {
      const cache = new TtlCache<string>(ttl, 10);
      cache.set('k', 'v');
      assert.equal(cache.get('k'), undefined, `ttl ${ttl}`);
    }
  });

  it('caches nothing when the TTL is not a finite number (a mistyped AUTH_CACHE_TTL_MS)', () => {
    for (const ttl of [Number('30s'), Number.POSITIVE_INFINITY]) {
      const cache = new TtlCache<string>(ttl, 10);
      cache.set('k', 'v');
      mock.timers.tick(365 * 24 * 3600 * 1000);
      assert.equal(cache.get('k'), undefined, `ttl ${ttl}: the entry never expires`);
    }
  });

  it('caches nothing when maxEntries is zero', () => {
    const cache = new TtlCache<string>(60_000, 0);
    cache.set('k', 'v');
    assert.equal(cache.get('k'), undefined);
  });
});
