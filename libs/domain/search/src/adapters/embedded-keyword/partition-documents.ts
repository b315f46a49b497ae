import { grown } from './analysed-document';

/**
 * What a keyword partition knows of each document slot besides its terms: the document's id,
 * source and kind, which slot a live id has, and the live ids of each source. Sources and kinds
 * are also numbered per slot, so that a search filter is one mask lookup per match.
 */
export class PartitionDocuments {
  readonly ids: string[] = [];
  readonly sources: string[] = [];
  readonly kinds: string[] = [];
  /** Per slot, the number of its source and kind (see mask). */
  sourceNumbers = new Int32Array(0);
  kindNumbers = new Int32Array(0);
  private readonly numbers = new Map<string, number>();
  private readonly slotById = new Map<string, number>();
  /** Live document ids per source, so deleting a source costs its own documents, not a scan. */
  private readonly idsBySource = new Map<string, Set<string>>();

  /** Room for `slots` slots, ahead of a restore that fills them all. */
  constructor(slots = 0) {
    this.sourceNumbers = new Int32Array(slots);
    this.kindNumbers = new Int32Array(slots);
  }

  /** Live documents. */
  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  /** Slots of the live documents, in the order they were written (or restored). */
  liveSlots(): IterableIterator<number> {
    return this.slotById.values();
  }

  /** Puts a live document in `slot` (a new one: slots are never reused). */
  put(slot: number, id: string, sourceId: string, kind: string): void {
    this.sourceNumbers = grown(this.sourceNumbers, slot + 1);
    this.kindNumbers = grown(this.kindNumbers, slot + 1);
    this.sourceNumbers[slot] = this.numberOf(sourceId);
    this.kindNumbers[slot] = this.numberOf(kind);
    this.ids[slot] = id;
    this.sources[slot] = sourceId;
    this.kinds[slot] = kind;
    this.slotById.set(id, slot);
    let ids = this.idsBySource.get(sourceId);
    if (!ids) this.idsBySource.set(sourceId, (ids = new Set()));
    ids.add(id);
  }

  /** The document of `slot` is no longer live (its slot becomes a tombstone). */
  release(id: string, slot: number): void {
    this.slotById.delete(id);
    const sourceId = this.sources[slot]!;
    const ids = this.idsBySource.get(sourceId);
    if (!ids) return;
    ids.delete(id);
    if (ids.size === 0) this.idsBySource.delete(sourceId);
  }

  idsOfSources(sourceIds: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const sourceId of sourceIds) for (const id of this.idsBySource.get(sourceId) ?? []) out.push(id);
    return out;
  }

  /** Which source or kind numbers are among `values`; undefined for no filter. */
  mask(values: ReadonlySet<string> | undefined): Uint8Array | undefined {
    if (!values) return undefined;
    const mask = new Uint8Array(this.numbers.size);
    for (const value of values) {
      const n = this.numbers.get(value);
      if (n !== undefined) mask[n] = 1;
    }
    return mask;
  }

  /** Sources and kinds share one numbering; strings that never occur here cannot match. */
  private numberOf(value: string): number {
    let n = this.numbers.get(value);
    if (n === undefined) this.numbers.set(value, (n = this.numbers.size));
    return n;
  }
}
