/**
 * The base class of every store port: what a module calls on its stores at start and at shutdown,
 * so that no module has to test which adapter it was given (`instanceof`). An adapter overrides
 * what it needs; the defaults do nothing, for adapters with nothing to create or release.
 */
export abstract class StoreLifecycle {
  /** Creates or upgrades what the adapter keeps (schema, folders, indexes). Safe to call again. */
  async migrate(): Promise<void> {
    // Nothing to create by default.
  }

  /** Releases what the adapter holds (connections, handles, timers). Called once, at shutdown. */
  async close(): Promise<void> {
    // Nothing to release by default.
  }
}

/** Migrates each store in turn, in the order given (a later one may rely on an earlier one). */
export async function migrateStores(...stores: StoreLifecycle[]): Promise<void> {
  for (const store of stores) await store.migrate();
}

/** Closes every store, even when one fails; the first failure is rethrown once all are closed. */
export async function closeStores(...stores: StoreLifecycle[]): Promise<void> {
  const results = await Promise.allSettled(stores.map((store) => store.close()));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
