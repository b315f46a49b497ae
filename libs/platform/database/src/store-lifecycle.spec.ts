import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closeStores, migrateStores, StoreLifecycle } from './store-lifecycle';

class Recorder extends StoreLifecycle {
  constructor(
    private readonly name: string,
    private readonly log: string[],
    private readonly failClose = false,
  ) {
    super();
  }
  override async migrate(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.name === 'a' ? 5 : 0));
    this.log.push(`migrate ${this.name}`);
  }
  override async close(): Promise<void> {
    this.log.push(`close ${this.name}`);
    if (this.failClose) throw new Error(`${this.name} would not close`);
  }
}

describe('StoreLifecycle', () => {
  it('does nothing by default, for adapters with nothing to create or release', async () => {
    class Plain extends StoreLifecycle {}
    await new Plain().migrate();
    await new Plain().close();
  });

  it('migrates stores one after the other, in the order given', async () => {
    const log: string[] = [];
    await migrateStores(new Recorder('a', log), new Recorder('b', log));
    assert.deepEqual(log, ['migrate a', 'migrate b']);
  });

  it('closes every store even when one fails, then reports the first failure', async () => {
    const log: string[] = [];
    await assert.rejects(
      closeStores(new Recorder('a', log, true), new Recorder('b', log), new Recorder('c', log, true)),
      /a would not close/,
    );
    assert.deepEqual(log, ['close a', 'close b', 'close c']);
  });
});
