import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GroupCommit, GroupCommitOptions, Settled } from './group-commit';

interface Item {
  key: string;
  weight?: number;
  fail?: boolean;
}

/** A GroupCommit over a write that records its batches and answers "<key>!" (or fails an item). */
function committer(options: Partial<GroupCommitOptions<Item>> = {}, delayMs = 5) {
  const batches: string[][] = [];
  const commit = new GroupCommit<Item, string>(
    async (items): Promise<Settled<string>[]> => {
      batches.push(items.map((item) => item.key));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return items.map((item) =>
        item.fail ? { error: new Error(`${item.key} failed`) } : { ok: `${item.key}!` },
      );
    },
    {
      maxItems: 100,
      maxWeight: 1000,
      weigh: (item) => item.weight ?? 1,
      keyOf: (item) => item.key,
      ...options,
    },
  );
  return { commit, batches };
}

describe('GroupCommit', () => {
  it('writes a lone item at once, in a batch of its own', async () => {
    const { commit, batches } = committer();
    assert.equal(await commit.submit({ key: 'a' }), 'a!');
    assert.equal(await commit.submit({ key: 'b' }), 'b!');
    assert.deepEqual(batches, [['a'], ['b']]);
  });

  it('writes what arrives during a write together in the next batch, in arrival order', async () => {
    const { commit, batches } = committer();
    const first = commit.submit({ key: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 1)); // 'a' is being written
    const rest = ['b', 'c', 'd', 'e'].map((key) => commit.submit({ key }));
    assert.deepEqual(await Promise.all([first, ...rest]), ['a!', 'b!', 'c!', 'd!', 'e!']);
    assert.deepEqual(batches, [['a'], ['b', 'c', 'd', 'e']]);
  });

  it('puts items submitted in the same turn of the event loop in one batch', async () => {
    const { commit, batches } = committer();
    await Promise.all(['a', 'b', 'c'].map((key) => commit.submit({ key })));
    assert.deepEqual(batches, [['a', 'b', 'c']]);
  });

  it('keeps batches within maxItems and maxWeight, and lets a heavier item go alone', async () => {
    const { commit, batches } = committer({ maxItems: 3, maxWeight: 10 });
    const items: Item[] = [
      { key: 'a' },
      { key: 'b' },
      { key: 'c' },
      { key: 'd' }, // maxItems: next batch
      { key: 'e', weight: 8 },
      { key: 'f', weight: 2 }, // 1 + 8 + 2 > 10: next batch
      { key: 'huge', weight: 50 }, // alone
      { key: 'g' },
    ];
    await Promise.all(items.map((item) => commit.submit(item)));
    assert.deepEqual(batches, [['a', 'b', 'c'], ['d', 'e'], ['f'], ['huge'], ['g']]);
  });

  it('never puts two items with the same key in one batch, so the later is written after', async () => {
    const { commit, batches } = committer();
    await Promise.all(['a', 'b', 'a', 'c', 'b'].map((key) => commit.submit({ key })));
    assert.deepEqual(batches, [
      ['a', 'b'],
      ['a', 'c', 'b'],
    ]);
  });

  it("settles each item with its own outcome: one item's error fails that item only", async () => {
    const { commit } = committer();
    const results = await Promise.allSettled([
      commit.submit({ key: 'a' }),
      commit.submit({ key: 'b', fail: true }),
      commit.submit({ key: 'c' }),
    ]);
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
      ['a!', 'b failed', 'c!'],
    );
  });

  it('writes a batch that throws again one item at a time: only the item at fault fails', async () => {
    const batches: string[][] = [];
    const commit = new GroupCommit<Item, string>(
      async (items) => {
        batches.push(items.map((item) => item.key));
        // As a SQL statement over the whole batch fails on one row's bad value.
        if (items.some((item) => item.fail)) throw new Error('invalid byte sequence');
        return items.map((item) => ({ ok: item.key }));
      },
      { maxItems: 10, maxWeight: 100, weigh: () => 1, keyOf: (item) => item.key },
    );
    const results = await Promise.allSettled(
      [{ key: 'a' }, { key: 'b', fail: true }, { key: 'c' }].map((item) => commit.submit(item)),
    );
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
      ['a', 'invalid byte sequence', 'c'],
    );
    assert.deepEqual(batches, [['a', 'b', 'c'], ['a'], ['b'], ['c']]);
  });

  it('fails the items of a batch whose write keeps throwing, and goes on with the next batch', async () => {
    let calls = 0;
    const commit = new GroupCommit<Item, string>(
      async (items) => {
        calls++;
        if (calls <= 3) throw new Error('store down'); // the batch, then each of its two items
        return items.map((item) => ({ ok: item.key }));
      },
      { maxItems: 2, maxWeight: 100, weigh: () => 1, keyOf: (item) => item.key },
    );
    const results = await Promise.allSettled(['a', 'b', 'c'].map((key) => commit.submit({ key })));
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
      ['store down', 'store down', 'c'],
    );
    assert.equal(await commit.submit({ key: 'd' }), 'd');
  });

  it('refuses a write that answers fewer outcomes than items, rather than leaving callers waiting', async () => {
    const commit = new GroupCommit<Item, string>(async () => [{ ok: 'only one' }], {
      maxItems: 10,
      maxWeight: 100,
      weigh: () => 1,
      keyOf: (item) => item.key,
    });
    const results = await Promise.allSettled([commit.submit({ key: 'a' }), commit.submit({ key: 'b' })]);
    assert.equal(results[0]!.status, 'fulfilled');
    assert.equal(results[1]!.status, 'rejected');
  });

  it('says it is idle once the last batch is written and nothing waits, not between batches', async () => {
    const idle: string[][] = [];
    const { commit, batches } = committer({ onIdle: () => idle.push(batches.flat()) });
    const first = commit.submit({ key: 'a' });
    await new Promise((resolve) => setTimeout(resolve, 1)); // 'a' is being written
    await Promise.all([first, commit.submit({ key: 'b' }), commit.submit({ key: 'c' })]);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(idle, [['a', 'b', 'c']]);
    await commit.submit({ key: 'd' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(idle.length, 2);
  });
});
