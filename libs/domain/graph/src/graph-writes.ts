import { GroupCommit, Settled } from '@trove/platform-database';
import { GraphScope, GraphStore, SourceFacts } from './ports/graph-store';

/** Most sources in one write, and most chunks (a larger source still goes, alone). */
const MAX_SOURCES = 64;
const MAX_CHUNKS = 512;

/**
 * The graph's writes, a group commit per sub-tenant: sources of one scope whose extraction ends
 * while a write of that scope is under way wait, and go together in the next write (one
 * transaction of at most six statements, however many sources; measured in docs/benchmarks.md).
 * Scopes never share a write, so one sub-tenant's bad write or large source fails or slows no
 * other's. A source is never in a write twice: its second extraction waits for the next one.
 */
export class GraphWrites {
  private readonly commits = new Map<string, GroupCommit<SourceFacts, void>>();

  constructor(private readonly store: GraphStore) {}

  /** Makes `source` the whole of what it says (GraphStore.replaceSource), with its scope's other writes. */
  replace(scope: GraphScope, source: SourceFacts): Promise<void> {
    const key = JSON.stringify([scope.tenant_id, scope.sub_tenant_id]);
    let commit = this.commits.get(key);
    if (!commit) {
      const created = new GroupCommit<SourceFacts, void>((sources) => this.write(scope, sources), {
        maxItems: MAX_SOURCES,
        maxWeight: MAX_CHUNKS,
        weigh: (facts) => facts.chunks.length,
        keyOf: (facts) => facts.source_id,
        onIdle: () => {
          if (this.commits.get(key) === created) this.commits.delete(key);
        },
      });
      this.commits.set(key, created);
      commit = created;
    }
    return commit.submit(source);
  }

  /** Scopes with writes waiting or under way (for tests). */
  get activeScopes(): number {
    return this.commits.size;
  }

  // A batch that fails is written again one source at a time by GroupCommit, so that only a
  // source at fault fails.
  private async write(scope: GraphScope, sources: SourceFacts[]): Promise<Settled<void>[]> {
    await this.store.replaceSources(scope, sources);
    return sources.map(() => ({ ok: undefined }));
  }
}
