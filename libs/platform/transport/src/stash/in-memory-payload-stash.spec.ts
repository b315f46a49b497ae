import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { InMemoryPayloadStash } from './in-memory-payload-stash';
import { describeStash } from './payload-stash.contract';
import { bytesAsFloat32, float32Bytes, unpackBytes } from './payload-stash';

describeStash('in memory', ({ ttlMs }) => Promise.resolve(new InMemoryPayloadStash(ttlMs)));

describe('InMemoryPayloadStash', () => {
  it('holds nothing once every payload is taken or discarded', async () => {
    const stash = new InMemoryPayloadStash();
    const a = await stash.put(new Uint8Array([1]));
    const b = await stash.put(new Uint8Array([2]));
    assert.equal(stash.size, 2);
    await stash.take(a);
    await stash.discard(b);
    assert.equal(stash.size, 0);
    await stash.close();
  });

  it('refuses to work once closed', async () => {
    const stash = new InMemoryPayloadStash();
    await stash.close();
    await assert.rejects(stash.put(new Uint8Array([1])), (e: unknown) => e instanceof DomainError);
  });
});

describe('float32 bytes', () => {
  it('copies unaligned bytes instead of failing', () => {
    const values = Float32Array.of(1.5, -2.25, 3e-7);
    const shifted = new Uint8Array(13);
    shifted.set(float32Bytes(values), 1);
    assert.deepEqual(bytesAsFloat32(shifted.subarray(1)), values);
  });

  it('refuses a byte count that is not a multiple of 4', () => {
    assert.throws(
      () => bytesAsFloat32(new Uint8Array(7)),
      (e: unknown) => e instanceof DomainError,
    );
  });

  it('refuses a packed value of an unknown shape', async () => {
    const stash = new InMemoryPayloadStash();
    await assert.rejects(
      unpackBytes(stash, { nope: 1 } as never),
      (e: unknown) => e instanceof DomainError && e.code === 'INVALID_PARAMETERS',
    );
    await stash.close();
  });
});
