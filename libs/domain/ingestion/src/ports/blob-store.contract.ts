import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { BlobStore, blobKey, blobPrefix } from './blob-store';

export interface BlobStoreSubject {
  store: BlobStore;
  /** Whether the adapter presigns downloads itself (MinIO) or leaves signing to the gateway (filesystem). */
  presigns: boolean;
  /** Bytes above which the adapter takes a different write path (multipart upload), when it has one. */
  largeObjectBytes?: number;
  dispose: () => Promise<void>;
}

/** The behaviour every BlobStore adapter must show. Tenants are random per test (shared servers). */
export function blobStoreContract(name: string, createSubject: () => Promise<BlobStoreSubject>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let subject: BlobStoreSubject;
    let store: BlobStore;
    let tenant: string;

    beforeEach(async () => {
      subject = await createSubject();
      store = subject.store;
      tenant = `t-${randomUUID().slice(0, 8)}`;
    });
    afterEach(() => subject.dispose());

    it('returns what was stored, bytes and content type, and nothing for a missing key', async () => {
      const bytes = randomBytes(300_000);
      await store.put(blobKey(tenant, tenant, 'doc.pdf'), bytes, 'application/pdf');
      const blob = await store.get(blobKey(tenant, tenant, 'doc.pdf'));
      assert.equal(blob?.content_type, 'application/pdf');
      assert.ok(blob?.bytes.equals(bytes));
      assert.equal(await store.get(blobKey(tenant, tenant, 'missing')), undefined);
    });

    it('replaces an object stored again under the same key', async () => {
      const key = blobKey(tenant, tenant, 'page');
      await store.put(key, Buffer.from('<p>old</p>'), 'text/html; charset=utf-8');
      await store.put(key, Buffer.from('new text'), 'text/plain; charset=utf-8');
      const blob = await store.get(key);
      assert.equal(blob?.bytes.toString(), 'new text');
      // Servers may drop the space before a parameter (S3Mock does): the same media type.
      assert.equal(blob?.content_type.replace(/;\s*/g, '; '), 'text/plain; charset=utf-8');
    });

    it('stores an empty object', async () => {
      await store.put(blobKey(tenant, tenant, 'empty'), new Uint8Array(0), 'text/plain');
      assert.equal((await store.get(blobKey(tenant, tenant, 'empty')))?.bytes.length, 0);
    });

    it('deletes one object, and deleting it again is not an error', async () => {
      const key = blobKey(tenant, tenant, 'gone');
      await store.put(key, Buffer.from('x'), 'text/plain');
      await store.delete(key);
      await store.delete(key);
      assert.equal(await store.get(key), undefined);
    });

    it("deletes a sub-tenant's objects by prefix, and no one else's", async () => {
      await store.put(blobKey(tenant, 'a', 's1'), Buffer.from('1'), 'text/plain');
      await store.put(blobKey(tenant, 'a', 's2'), Buffer.from('2'), 'text/plain');
      await store.put(blobKey(tenant, 'ab', 's1'), Buffer.from('3'), 'text/plain');
      await store.put(blobKey(`${tenant}x`, 'a', 's1'), Buffer.from('4'), 'text/plain');
      assert.equal(await store.deletePrefix(blobPrefix(tenant, 'a')), 2);
      assert.equal(await store.get(blobKey(tenant, 'a', 's1')), undefined);
      assert.equal((await store.get(blobKey(tenant, 'ab', 's1')))?.bytes.toString(), '3');
      assert.equal((await store.get(blobKey(`${tenant}x`, 'a', 's1')))?.bytes.toString(), '4');
      assert.equal(await store.deletePrefix(blobPrefix(tenant, 'a')), 0);
      await store.deletePrefix(blobPrefix(`${tenant}x`, 'a'));
      await store.deletePrefix(blobPrefix(tenant, 'ab'));
    });

    it('treats ids made of dots as names, never as paths', async () => {
      await store.put(blobKey(tenant, tenant, '..'), Buffer.from('dots'), 'text/plain');
      await store.put(blobKey(tenant, '..', 'x'), Buffer.from('parent?'), 'text/plain');
      assert.equal((await store.get(blobKey(tenant, tenant, '..')))?.bytes.toString(), 'dots');
      assert.equal((await store.get(blobKey(tenant, '..', 'x')))?.bytes.toString(), 'parent?');
      assert.equal(await store.get(`${tenant}/x`), undefined);
    });

    it('refuses to delete with an empty prefix', async () => {
      await assert.rejects(store.deletePrefix('/'), /prefix is empty/);
    });

    it('round-trips an object large enough for the multipart write path', { timeout: 120_000 }, async (t) => {
      if (!subject.largeObjectBytes) return t.skip('this adapter has a single write path');
      const bytes = randomBytes(subject.largeObjectBytes + 1024 * 1024);
      const key = blobKey(tenant, tenant, 'large');
      await store.put(key, bytes, 'application/octet-stream');
      assert.ok((await store.get(key))?.bytes.equals(bytes));
      await store.delete(key);
    });

    it('presigns a download that works without credentials, or says it cannot', async () => {
      const key = blobKey(tenant, tenant, 'signed');
      await store.put(key, Buffer.from('signed content'), 'text/plain; charset=utf-8');
      const url = await store.presignGet(key, 60);
      if (!subject.presigns) {
        assert.equal(url, undefined);
        return;
      }
      assert.ok(url);
      const response = await fetch(url);
      assert.equal(response.status, 200);
      assert.equal(await response.text(), 'signed content');
      assert.match(url, /X-Amz-Expires=60/);
    });

    it('answers ping', async () => {
      await store.ping();
    });
  });
}
