import { Embedder } from '@trove/embeddings';
import { randomUUID } from 'node:crypto';
import { ChunkStore, ScannedChunk } from '../ports/chunk-store';
import { indexKind } from '../indexing/index-kind';
import { VectorIndex, VectorItem } from '../ports/vector-index';
import { ChunkSpaces } from './chunk-spaces';
import { SpaceRegistry } from './space-registry';

export interface ReembedderOptions {
  /** Chunks embedded per page (default 32). */
  batchSize?: number;
  /** How often tenants are looked over for a model change (default 60 s). */
  intervalMs?: number;
  /** How long this process's claim on a build lasts without renewal (default 60 s). */
  leaseMs?: number;
  /** How long the old space is kept after a swap, for readers that have not seen it (default 5 s). */
  graceMs?: number;
  log?: (level: 'info' | 'warn', message: string) => void;
}

/** What /readyz shows of re-embedding. */
export interface ReembeddingProgress {
  /** Tenants whose vectors are being rebuilt with the current model. */
  tenants: number;
  done: number;
  total: number;
}

/**
 * Re-embeds, in the background, every tenant whose chunk vectors were made with another model
 * than the configured one (ChunkSpaces says where searches and writes go meanwhile). Each page of
 * chunks is read from the chunk store in key order, embedded with the current model and written
 * to the building space; the position is recorded after each page, so a restart resumes where it
 * stopped. When the scan reaches the end, the spaces swap and the old one is dropped.
 */
export class Reembedder {
  private readonly owner = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private progressNow: ReembeddingProgress = { tenants: 0, done: 0, total: 0 };

  constructor(
    private readonly spaces: ChunkSpaces,
    private readonly registry: SpaceRegistry,
    private readonly vectors: VectorIndex,
    private readonly chunks: ChunkStore,
    private readonly embedder: Embedder,
    private readonly options: ReembedderOptions = {},
  ) {
    spaces.onBuildStarted = () => void this.wake();
  }

  /** Looks over every tenant now, then every intervalMs. */
  start(): void {
    this.stopped = false;
    void this.wake(true);
    this.timer = setInterval(() => void this.wake(true), this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  progress(): ReembeddingProgress {
    return { ...this.progressNow };
  }

  /** Runs a pass now, or right after the one in progress; resolves when that pass is over. */
  wake(discover = false): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass(discover)
      .catch((error: unknown) => this.options.log?.('warn', `re-embedding: ${(error as Error).message}`))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.wake();
        }
      });
    return this.running;
  }

  private async pass(discover: boolean): Promise<void> {
    if (discover) {
      // writeTargets starts a build for every tenant whose active space holds another model.
      for (const tenantId of await this.chunks.tenantIds()) {
        if (this.stopped) return;
        await this.spaces.writeTargets(tenantId);
      }
    }
    for (;;) {
      const builds = await this.registry.builds();
      this.progressNow = {
        tenants: builds.length,
        done: builds.reduce((n, b) => n + b.done, 0),
        total: builds.reduce((n, b) => n + b.total, 0),
      };
      const claimed: string[] = [];
      for (const build of builds) {
        if (this.stopped) return;
        if (await this.registry.claim(build.tenantId, this.owner, this.options.leaseMs ?? 60_000)) {
          claimed.push(build.tenantId);
          await this.build(build.tenantId);
        }
      }
      if (claimed.length === 0 || this.stopped) return;
    }
  }

  private async build(tenantId: string): Promise<void> {
    const started = Date.now();
    let lastClaim = Date.now();
    const batchSize = this.options.batchSize ?? 32;
    for (;;) {
      if (this.stopped) return;
      const state = await this.registry.get(tenantId, true);
      if (!state.building || state.buildingModel !== this.embedder.modelId) return;
      const page = await this.chunks.scan(tenantId, state.cursor, batchSize);
      if (page.length === 0) break;
      await this.writePage(tenantId, state.building, page);
      const last = page[page.length - 1]!;
      await this.registry.advance(
        tenantId,
        { subTenantId: last.sub_tenant_id, chunkUuid: last.chunk_uuid },
        page.length,
      );
      this.progressNow = { ...this.progressNow, done: this.progressNow.done + page.length };
      if (Date.now() - lastClaim > (this.options.leaseMs ?? 60_000) / 3) {
        if (!(await this.registry.claim(tenantId, this.owner, this.options.leaseMs ?? 60_000))) return;
        lastClaim = Date.now();
      }
    }
    const old = await this.registry.swap(tenantId);
    this.options.log?.(
      'info',
      `re-embedding: tenant ${tenantId} now searches vectors of ${this.embedder.modelId} (${Date.now() - started} ms)`,
    );
    if (old) {
      const drop = setTimeout(
        () => void this.vectors.dropSpace(tenantId, old).catch(() => undefined),
        this.options.graceMs ?? 5000,
      );
      drop.unref();
    }
  }

  /**
   * Embeds a page and writes it to the building space. A chunk deleted meanwhile is taken out
   * again, and one replaced meanwhile is embedded again from its new text (the indexer wrote it to
   * both spaces, but this page may have overwritten it with the old text's vector).
   */
  private async writePage(
    tenantId: string,
    space: 'chunks' | 'chunks-alt',
    page: ScannedChunk[],
  ): Promise<void> {
    const vectors = await this.embedder.embedDocuments(page.map((chunk) => chunk.content));
    const bySub = new Map<string, VectorItem[]>();
    page.forEach((chunk, i) => {
      const items = bySub.get(chunk.sub_tenant_id) ?? [];
      items.push({
        id: chunk.chunk_uuid,
        sourceId: chunk.source_id,
        kind: indexKind(chunk.source_type === 'memory' ? 'memories' : 'sources', chunk.kind),
        vector: vectors[i]!,
      });
      bySub.set(chunk.sub_tenant_id, items);
    });
    for (const [subTenantId, items] of bySub) {
      const scope = { tenantId, subTenantId };
      await this.vectors.upsert(scope, space, items);
      const stored = new Map(
        (
          await this.chunks.getMany(
            scope,
            items.map((item) => item.id),
          )
        ).map((record) => [record.chunk_uuid, record]),
      );
      const read = new Map(page.map((chunk) => [chunk.chunk_uuid, chunk.content]));
      const gone = items.filter((item) => !stored.has(item.id)).map((item) => item.id);
      if (gone.length > 0) await this.vectors.deleteByIds(scope, space, gone);
      const changed = items.filter(
        (item) => stored.has(item.id) && stored.get(item.id)!.content !== read.get(item.id),
      );
      if (changed.length > 0) {
        const again = await this.embedder.embedDocuments(changed.map((item) => stored.get(item.id)!.content));
        await this.vectors.upsert(
          scope,
          space,
          changed.map((item, i) => ({ ...item, vector: again[i]! })),
        );
      }
    }
  }
}
