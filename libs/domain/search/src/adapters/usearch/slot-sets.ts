// Slot sets keyed by a string (a source id, a kind): how a vector shard finds the slots a filter
// selects without scanning the shard.

export function addTo(map: Map<string, Set<number>>, key: string, slot: number): void {
  const set = map.get(key);
  if (set) set.add(slot);
  else map.set(key, new Set([slot]));
}

export function removeFrom(map: Map<string, Set<number>>, key: string, slot: number): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(slot);
  if (set.size === 0) map.delete(key);
}

/** How many slots the sets of these keys hold together. */
export function countOf(map: Map<string, Set<number>>, keys: Set<string>): number {
  let count = 0;
  for (const key of keys) count += map.get(key)?.size ?? 0;
  return count;
}

/** The slots of these keys' sets that `accept` lets through (all of them when null). */
export function gather(
  map: Map<string, Set<number>>,
  keys: Set<string>,
  accept: ((slot: number) => boolean) | null,
): number[] {
  const out: number[] = [];
  for (const key of keys) {
    for (const slot of map.get(key) ?? []) if (!accept || accept(slot)) out.push(slot);
  }
  return out;
}
