import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { bytesAsFloat32, float32Bytes, packBytes, PayloadStash, unpackBytes } from './payload-stash';

/** Opens a stash for the suite; `ttlMs` is short so expiry can be observed. */
export type StashFactory = (options: { ttlMs: number }) => Promise<PayloadStash>;

/** The TTL the contract runs with. */
export const CONTRACT_TTL_MS = 1500;

async function gone(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(
    promise,
    (error: unknown) =>
      error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE' && /gone/.test(error.message),
  );
}

/** What every PayloadStash does; run by the in-memory spec and the NATS integration spec. */
export function describeStash(name: string, open: StashFactory): void {
  describe(`PayloadStash contract: ${name}`, () => {
    let stash: PayloadStash;
    let other: PayloadStash;

    before(async () => {
      stash = await open({ ttlMs: CONTRACT_TTL_MS });
      other = stash;
    });
    after(async () => {
      await stash.close();
    });

    it('gives back exactly the bytes put, once', async () => {
      const bytes = new Uint8Array(randomBytes(1000));
      const ref = await stash.put(bytes);
      assert.equal(typeof ref, 'string');
      assert.deepEqual(Buffer.from(await other.take(ref)), Buffer.from(bytes));
      await gone(other.take(ref));
    });

    it('moves a payload far over NATS max_payload (24 MB, the largest embeddings upload)', async () => {
      const bytes = new Uint8Array(randomBytes(2000 * 3024 * 4));
      const started = Date.now();
      const ref = await stash.put(bytes);
      const back = await stash.take(ref);
      const ms = Date.now() - started;
      assert.equal(back.byteLength, bytes.byteLength);
      assert.ok(Buffer.from(back).equals(Buffer.from(bytes)), 'the bytes differ');
      assert.ok(ms < 10_000, `24 MB round trip took ${ms} ms`);
    });

    it('keeps an empty payload', async () => {
      const ref = await stash.put(new Uint8Array(0));
      assert.equal((await stash.take(ref)).byteLength, 0);
    });

    it('gives each put its own reference', async () => {
      const refs = await Promise.all([1, 2, 3].map((n) => stash.put(new Uint8Array([n]))));
      assert.equal(new Set(refs).size, 3);
      const values = await Promise.all(refs.map(async (ref) => (await stash.take(ref))[0]));
      assert.deepEqual(values, [1, 2, 3]);
    });

    it('refuses unknown and malformed references as gone', async () => {
      await gone(stash.take('00000000-0000-4000-8000-000000000000'));
      await gone(stash.take('../../etc/passwd'));
    });

    it('discards a payload without reading it, and ignores an unknown one', async () => {
      const ref = await stash.put(new Uint8Array([1, 2, 3]));
      await stash.discard(ref);
      await gone(stash.take(ref));
      await stash.discard('00000000-0000-4000-8000-000000000000');
    });

    it('drops a payload nobody takes within the TTL', async () => {
      const ref = await stash.put(new Uint8Array([9]));
      await new Promise((resolve) => setTimeout(resolve, CONTRACT_TTL_MS + 1500));
      await gone(stash.take(ref));
    });

    it('packs small payloads inline and large ones through the stash, float32 intact', async () => {
      const values = Float32Array.from({ length: 100_000 }, (_, i) => Math.fround(Math.sin(i) * 1e3));
      const small = await packBytes(stash, float32Bytes(values.subarray(0, 10)));
      assert.ok('inline' in small);
      const large = await packBytes(stash, float32Bytes(values));
      assert.ok('stashed' in large);
      assert.deepEqual(bytesAsFloat32(await unpackBytes(stash, small)), values.subarray(0, 10));
      assert.deepEqual(bytesAsFloat32(await unpackBytes(stash, large)), values);
      await gone(unpackBytes(stash, large));
    });
  });
}
