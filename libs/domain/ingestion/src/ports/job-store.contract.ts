import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JobStore } from './job-store';
import { SourceStore } from './source-store';
import { at, IngestionStoresHarness, sourceKey, upload } from '../testing/ingestion-stores.fixtures';

const T0 = '2026-03-01T00:00:00Z';
/** `minutes` after T0. */
const t = (minutes: number): Date => new Date(at(T0).getTime() + minutes * 60_000);

/** The behaviour every JobStore adapter must show (the ports/job-store.ts promises). */
export function describeJobStore(name: string, open: () => Promise<IngestionStoresHarness>): void {
  describe(`JobStore contract: ${name}`, () => {
    let harness: IngestionStoresHarness;
    let jobs: JobStore;
    let sources: SourceStore;

    before(async () => {
      harness = await open();
      ({ jobs, sources } = harness);
    });
    after(() => harness.dispose());

    /** Uploads a source of tenant `tenant` at `when`; returns its key and revision. */
    async function queued(tenant: string, id = 's', when = t(0)) {
      const key = sourceKey(tenant, id);
      const { revision } = await sources.saveUpload(upload(key, { size_bytes: 321 }), when);
      return { key, revision };
    }

    it('holds a queued job per upload: revision, size, no lease, nothing started', async () => {
      const { key, revision } = await queued('fresh');
      assert.deepEqual(await jobs.get(key), {
        ...key,
        revision,
        status: 'queued',
        deleted: false,
        error_code: null,
        error_message: null,
        attempts: 0,
        chunks_total: 0,
        chunks_indexed: 0,
        size_bytes: 321,
        lease_owner: null,
        lease_until: null,
        queued_at: t(0),
        started_at: null,
        indexed_at: null,
        finished_at: null,
        updated_at: t(0),
        graph: null,
      });
      assert.equal(await jobs.get(sourceKey('fresh', 'missing')), undefined);
      assert.equal(await jobs.get(sourceKey('fresh', 's', 'other-sub')), undefined);
    });

    it('leases a job to one owner at a time, until the lease expires', async () => {
      const { key } = await queued('lease');
      const claimed = await jobs.claim(key, 'w1', t(1), t(11));
      assert.equal(claimed?.status, 'processing');
      assert.equal(claimed?.attempts, 1);
      assert.equal(claimed?.lease_owner, 'w1');
      assert.deepEqual(claimed?.lease_until, t(11));
      assert.deepEqual(claimed?.started_at, t(1));
      assert.equal(await jobs.claim(key, 'w2', t(5), t(15)), undefined, 'w1 holds it');
      const again = await jobs.claim(key, 'w1', t(6), t(16));
      assert.equal(again?.attempts, 2, 'the owner may claim again');
      assert.deepEqual(again?.started_at, t(1), 'started_at is the first claim');
      const taken = await jobs.claim(key, 'w2', t(17), t(27));
      assert.equal(taken?.lease_owner, 'w2', 'an expired lease is free');
      assert.equal(taken?.attempts, 3);
      assert.equal(await jobs.claim(key, 'w1', t(18), t(28)), undefined);
    });

    it('renews only its owner’s lease', async () => {
      const { key } = await queued('renew');
      await jobs.claim(key, 'w1', t(1), t(2));
      assert.equal(await jobs.renewLease(key, 'w2', t(30)), false);
      assert.equal(await jobs.renewLease(key, 'w1', t(30)), true);
      assert.deepEqual((await jobs.get(key))?.lease_until, t(30));
      assert.equal(await jobs.claim(key, 'w2', t(10), t(20)), undefined, 'the renewed lease holds');
      assert.equal(await jobs.renewLease(sourceKey('renew', 'missing'), 'w1', t(30)), false);
    });

    it("updates the owner's job of its revision only, keeping the lease", async () => {
      const { key, revision } = await queued('update');
      await jobs.claim(key, 'w1', t(1), t(11));
      assert.equal(await jobs.update(key, revision, 'w1', { size_bytes: 99, chunks_total: 7 }, t(2)), true);
      assert.equal(
        await jobs.update(
          key,
          revision,
          'w1',
          { chunks_indexed: 7, status: 'graph_creation', indexed_at: t(3) },
          t(3),
        ),
        true,
      );
      let job = await jobs.get(key);
      assert.deepEqual(job?.indexed_at, t(3));
      assert.equal(job?.graph, null);
      assert.equal(job?.size_bytes, 99);
      assert.equal(job?.chunks_total, 7);
      assert.equal(job?.chunks_indexed, 7);
      assert.equal(job?.status, 'graph_creation');
      assert.equal(job?.lease_owner, 'w1');
      assert.deepEqual(job?.updated_at, t(3));
      assert.equal(job?.finished_at, null);
      assert.equal(await jobs.update(key, revision, 'w2', { chunks_total: 1 }, t(4)), false, 'not the owner');
      assert.equal(
        await jobs.update(key, revision + 1, 'w1', { chunks_total: 1 }, t(4)),
        false,
        'not its revision',
      );
      assert.equal((await jobs.get(key))?.chunks_total, 7);
      const graph = {
        extractor: 'llm:m',
        entities: 3,
        relations: 2,
        prompt_tokens: 90,
        completion_tokens: 40,
      };
      assert.equal(await jobs.update(key, revision, 'w1', { status: 'completed', graph }, t(5)), true);
      job = await jobs.get(key);
      assert.deepEqual(job?.finished_at, t(5), 'a final status sets finished_at');
      assert.deepEqual(job?.graph, graph);
      assert.equal(job?.lease_owner, 'w1');
    });

    it('finishes a job: the patch applied and the lease freed, for its owner and revision only', async () => {
      const { key, revision } = await queued('finish');
      await jobs.claim(key, 'w1', t(1), t(11));
      const patch = { status: 'completed', error_code: null, error_message: null } as const;
      assert.equal(await jobs.finish(key, revision, 'w2', patch, t(2)), false);
      assert.equal((await jobs.get(key))?.lease_owner, 'w1', 'a failed finish keeps the lease');
      assert.equal(await jobs.finish(key, revision, 'w1', patch, t(3)), true);
      const job = await jobs.get(key);
      assert.equal(job?.status, 'completed');
      assert.equal(job?.lease_owner, null);
      assert.equal(job?.lease_until, null);
      assert.deepEqual(job?.finished_at, t(3));
      assert.equal(await jobs.claim(key, 'w1', t(4), t(14)), undefined, 'a finished job is not claimable');
    });

    it('queues a failed attempt again with its failure, claimable by anyone', async () => {
      const { key, revision } = await queued('requeue');
      await jobs.claim(key, 'w1', t(1), t(11));
      const patch = {
        status: 'queued',
        error_code: 'INDEXING_FAILED',
        error_message: 'search is down',
      } as const;
      assert.equal(await jobs.finish(key, revision, 'w1', patch, t(2)), true);
      const job = await jobs.get(key);
      assert.equal(job?.status, 'queued');
      assert.equal(job?.error_code, 'INDEXING_FAILED');
      assert.equal(job?.error_message, 'search is down');
      assert.equal(job?.finished_at, null);
      assert.equal((await jobs.claim(key, 'w2', t(3), t(13)))?.attempts, 2);
    });

    it('resets the job on a new upload: a newer revision wins, the running lease stays', async () => {
      const { key, revision } = await queued('reupload');
      await jobs.claim(key, 'w1', t(1), t(11));
      const graph = {
        extractor: 'offline',
        entities: 1,
        relations: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
      };
      await jobs.update(key, revision, 'w1', { chunks_total: 4, indexed_at: t(2), graph }, t(2));
      const next = await sources.saveUpload(upload(key, { size_bytes: 5 }), t(3));
      const reset = await jobs.get(key);
      assert.equal(reset?.revision, next.revision);
      assert.equal(reset?.status, 'queued');
      assert.equal(reset?.attempts, 0);
      assert.equal(reset?.chunks_total, 0);
      assert.equal(reset?.size_bytes, 5);
      assert.deepEqual(reset?.queued_at, t(3));
      assert.equal(reset?.started_at, null);
      assert.equal(reset?.indexed_at, null);
      assert.equal(reset?.graph, null, "the earlier revision's graph summary goes");
      assert.equal(reset?.lease_owner, 'w1');
      assert.equal(await jobs.update(key, revision, 'w1', { chunks_indexed: 4 }, t(4)), false);
      assert.equal(await jobs.finish(key, revision, 'w1', { status: 'completed' }, t(4)), false);
      assert.equal(await jobs.claim(key, 'w2', t(4), t(14)), undefined, 'w1 moves on to it first');
      const moved = await jobs.claim(key, 'w1', t(5), t(15));
      assert.equal(moved?.revision, next.revision);
      assert.equal(moved?.attempts, 1);
    });

    it('fails an unfinished job of its revision whoever holds it, keeping an earlier error code', async () => {
      const first = await queued('fail', 'a');
      await jobs.claim(first.key, 'w1', t(1), t(11));
      assert.equal(
        await jobs.fail(first.key, first.revision + 1, 'PROCESSING_FAILED', 'gave up', t(2)),
        false,
      );
      assert.equal(await jobs.fail(first.key, first.revision, 'PROCESSING_FAILED', 'gave up', t(2)), true);
      let job = await jobs.get(first.key);
      assert.equal(job?.status, 'errored');
      assert.equal(job?.error_code, 'PROCESSING_FAILED');
      assert.equal(job?.error_message, 'gave up');
      assert.equal(job?.lease_owner, null);
      assert.deepEqual(job?.finished_at, t(2));
      assert.equal(
        await jobs.fail(first.key, first.revision, 'OTHER', 'again', t(3)),
        false,
        'already final',
      );

      const second = await queued('fail', 'b');
      await jobs.claim(second.key, 'w1', t(1), t(11));
      await jobs.finish(
        second.key,
        second.revision,
        'w1',
        { status: 'queued', error_code: 'INDEXING_FAILED' },
        t(2),
      );
      assert.equal(await jobs.fail(second.key, second.revision, 'PROCESSING_FAILED', 'gave up', t(3)), true);
      job = await jobs.get(second.key);
      assert.equal(job?.error_code, 'INDEXING_FAILED');
      assert.equal(job?.error_message, 'gave up');
    });

    it('refuses every write to a deleted job, and drops its tombstone with its lease', async () => {
      const { key, revision } = await queued('tomb');
      await jobs.claim(key, 'w1', t(1), t(11));
      await sources.delete('tomb', 'tomb', ['s'], t(2));
      const tombstone = await jobs.get(key);
      assert.equal(tombstone?.deleted, true);
      assert.equal(tombstone?.lease_owner, 'w1', 'the worker finds out it was deleted');
      assert.equal(await jobs.update(key, revision, 'w1', { chunks_total: 1 }, t(3)), false);
      assert.equal(await jobs.finish(key, revision, 'w1', { status: 'completed' }, t(3)), false);
      assert.equal(await jobs.fail(key, revision, 'X', 'x', t(3)), false);
      assert.equal(await jobs.claim(key, 'w1', t(3), t(13)), undefined);
      await jobs.dropLease(key, 'w2');
      assert.ok(await jobs.get(key), "another owner's drop leaves it");
      await jobs.dropLease(key, 'w1');
      assert.equal(await jobs.get(key), undefined);
    });

    it("drops the owner's lease whatever the revision, and nobody else's", async () => {
      const { key } = await queued('drop');
      await jobs.claim(key, 'w1', t(1), t(11));
      await sources.saveUpload(upload(key), t(2));
      await jobs.dropLease(key, 'w2');
      assert.equal((await jobs.get(key))?.lease_owner, 'w1');
      await jobs.dropLease(key, 'w1');
      const job = await jobs.get(key);
      assert.equal(job?.lease_owner, null);
      assert.equal(job?.lease_until, null);
      assert.equal(job?.status, 'queued');
      assert.ok(await jobs.claim(key, 'w2', t(3), t(13)));
    });

    it('finds stalled jobs: unfinished, undeleted, unheld and unchanged, oldest first, up to the limit', async () => {
      // Long before every other test's jobs, so that only these are old enough.
      const old = (minutes: number) => new Date(at('2001-01-01T00:00:00Z').getTime() + minutes * 60_000);
      const stale1 = await queued('stall', 'queued-1', old(1));
      const stale2 = await queued('stall', 'queued-2', old(0));
      const expired = await queued('stall', 'expired-lease', old(2));
      await jobs.claim(expired.key, 'w1', old(2), old(3));
      const held = await queued('stall', 'held', old(2));
      await jobs.claim(held.key, 'w1', old(2), old(600));
      const done = await queued('stall', 'done', old(2));
      await jobs.claim(done.key, 'w1', old(2), old(600));
      await jobs.finish(done.key, done.revision, 'w1', { status: 'completed' }, old(3));
      const gone = await queued('stall', 'deleted', old(2));
      await sources.delete('stall', 'stall', ['deleted'], old(3));
      await queued('stall', 'recent', old(200));
      assert.ok(gone);

      const before = old(100);
      const stalled = await jobs.stalled(before, 10);
      assert.deepEqual(
        stalled.map((job) => job.source_id),
        ['queued-2', 'queued-1', 'expired-lease'],
      );
      assert.equal(stalled[0]?.revision, stale2.revision);
      assert.deepEqual(
        (await jobs.stalled(before, 2)).map((job) => job.source_id),
        ['queued-2', 'queued-1'],
      );
      await jobs.touch(stale2.key, stale2.revision + 1, old(150));
      assert.equal((await jobs.stalled(before, 10)).length, 3, 'touching another revision changes nothing');
      await jobs.touch(stale2.key, stale2.revision, old(150));
      assert.deepEqual((await jobs.get(stale2.key))?.updated_at, old(150));
      assert.deepEqual(
        (await jobs.stalled(before, 10)).map((job) => job.source_id),
        ['queued-1', 'expired-lease'],
      );
      assert.ok(stale1);
    });

    it('counts the unfinished jobs by status, and the oldest queued one', async () => {
      // Other tests leave jobs in every state: only the differences count.
      const before = await jobs.backlog();
      // Earlier than any other test's jobs, so that it is the oldest waiting.
      const early = new Date('1999-01-01T00:00:00Z');
      const waiting = await queued('backlog', 'waiting', early);
      const running = await queued('backlog', 'running', t(0));
      await jobs.claim(running.key, 'w1', t(1), t(11));
      const done = await queued('backlog', 'done', t(0));
      await jobs.claim(done.key, 'w1', t(1), t(11));
      await jobs.finish(done.key, done.revision, 'w1', { status: 'completed' }, t(2));
      await queued('backlog', 'deleted', early);
      await sources.delete('backlog', 'backlog', ['deleted'], t(3));

      const after = await jobs.backlog();
      assert.equal(after.queued, before.queued + 1);
      assert.equal(after.processing, before.processing + 1);
      assert.equal(after.graph_creation, before.graph_creation);
      assert.deepEqual(after.oldest_queued_at, early);

      await jobs.claim(waiting.key, 'w1', t(4), t(14));
      const claimed = await jobs.backlog();
      assert.equal(claimed.queued, before.queued);
      assert.equal(claimed.processing, before.processing + 2);
      assert.deepEqual(claimed.oldest_queued_at, before.oldest_queued_at);
    });

    it('frees every lease at once', async () => {
      const a = await queued('release', 'a');
      const b = await queued('release-other', 'b');
      await jobs.claim(a.key, 'w1', t(1), t(500));
      await jobs.claim(b.key, 'w2', t(1), t(500));
      await jobs.releaseAllLeases();
      for (const key of [a.key, b.key]) {
        const job = await jobs.get(key);
        assert.equal(job?.lease_owner, null);
        assert.equal(job?.lease_until, null);
      }
      assert.ok(await jobs.claim(a.key, 'w3', t(2), t(12)));
    });

    it('purges tombstones whose lease is free or expired, and no live job', async () => {
      await jobs.purgeTombstones(new Date('2999-01-01T00:00:00Z'));
      const free = await queued('purge', 'free');
      const expired = await queued('purge', 'expired');
      const held = await queued('purge', 'held');
      const live = await queued('purge', 'live');
      await jobs.claim(expired.key, 'w1', t(1), t(5));
      await jobs.claim(held.key, 'w1', t(1), t(50));
      await sources.delete('purge', 'purge', ['free', 'expired', 'held'], t(2));
      assert.equal(await jobs.purgeTombstones(t(10)), 2);
      assert.equal(await jobs.get(free.key), undefined);
      assert.equal(await jobs.get(expired.key), undefined);
      assert.equal((await jobs.get(held.key))?.deleted, true);
      assert.equal((await jobs.get(live.key))?.deleted, false);
      assert.equal(await jobs.purgeTombstones(t(10)), 0);
      assert.equal(await jobs.purgeTombstones(t(60)), 1);
    });
  });
}
