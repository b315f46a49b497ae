import { DomainError, SerializedDomainError } from '../errors/domain-error';

/**
 * One item's outcome in a batched call: its result, or the error that this item alone met (a
 * missing tenant, a bad field). An error that concerns the whole call fails the call instead.
 */
export type ItemOutcome<T> = { ok: T } | { error: SerializedDomainError };

/** The reply of a batched call: one outcome per item, in the order the items were sent. */
export interface BatchReply<T> {
  outcomes: ItemOutcome<T>[];
}

/** The item's result, or its error thrown as the DomainError it was. */
export function unwrapOutcome<T>(outcome: ItemOutcome<T>): T {
  if ('error' in outcome) throw DomainError.fromSerialized(outcome.error);
  return outcome.ok;
}

/**
 * Runs one item's part of a batch: a DomainError becomes that item's outcome; any other error is
 * not the item's fault (a store that went away) and fails the whole batch.
 */
export async function settleItem<T>(work: () => Promise<T>): Promise<ItemOutcome<T>> {
  try {
    return { ok: await work() };
  } catch (error: unknown) {
    if (error instanceof DomainError) return { error: error.toJSON() };
    throw error;
  }
}
