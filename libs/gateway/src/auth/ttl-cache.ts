/**
 * A small map whose entries expire after a fixed time, bounded in size (oldest out first).
 * A TTL that is not a positive finite number (0, or NaN from a mistyped AUTH_CACHE_TTL_MS) or a
 * bound below one turns caching off: an entry that never expired would keep a revoked key valid.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Forgets every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  set(key: string, value: V): void {
    if (!(this.ttlMs > 0 && Number.isFinite(this.ttlMs)) || this.maxEntries < 1) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }
}
