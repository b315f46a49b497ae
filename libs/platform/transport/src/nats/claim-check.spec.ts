import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { InMemoryPayloadStash } from '../stash/in-memory-payload-stash';
import { checkIn, checkOut, discardClaim } from './claim-check';

describe('claim check (payloads too large for one NATS message)', () => {
  const stash = new InMemoryPayloadStash();

  it('leaves small payloads and non-objects as they are', async () => {
    const small = { query: 'tea', max_chunks: 10 };
    assert.equal(await checkIn(stash, small, 1024), small);
    assert.equal(await checkIn(stash, 'x'.repeat(5000), 1024), 'x'.repeat(5000));
    assert.equal(await checkIn(stash, undefined, 1024), undefined);
    assert.equal(await checkIn(stash, null, 1024), null);
  });

  it('measures UTF-8 bytes, not characters: a payload under the limit in characters can be over it', async () => {
    const cjk = { text: '模型很好。'.repeat(100) }; // 500 characters, 1,500 bytes
    const checked = await checkIn(stash, cjk, 1024);
    assert.notDeepEqual(checked, cjk);
    assert.deepEqual(await checkOut(stash, checked), cjk);
  });

  it('stashes a large payload and gives it back whole, once', async () => {
    const large = { rows: Array.from({ length: 2000 }, (_, i) => ({ i, text: `row ${i} ünïcødé ✓` })) };
    const checked = await checkIn(stash, large, 4096);
    assert.ok(JSON.stringify(checked).length < 100, JSON.stringify(checked));
    assert.deepEqual(await checkOut(stash, checked), large);
    await assert.rejects(
      checkOut(stash, checked),
      (e: unknown) => e instanceof DomainError && e.code === 'SERVICE_UNAVAILABLE',
    );
  });

  it('passes through payloads that only look like a claim check', async () => {
    for (const lookalike of [
      { 'trove.stashed': 'not-a-uuid' },
      { 'trove.stashed': '6f1c2d8e-0b7a-4c2e-9a51-3f0e8b1d2c4a', other: 1 },
      ['trove.stashed'],
    ]) {
      assert.equal(await checkOut(stash, lookalike), lookalike);
    }
  });

  it('discards the payload of a claim check that will not be redeemed', async () => {
    const checked = await checkIn(stash, { blob: 'z'.repeat(10_000) }, 1024);
    await discardClaim(stash, checked);
    await assert.rejects(checkOut(stash, checked), (e: unknown) => e instanceof DomainError);
  });
});
