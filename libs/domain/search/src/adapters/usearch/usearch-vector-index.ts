/**
 * The embedded default VectorIndex: usearch HNSW graphs in memory, one per (tenant, sub-tenant,
 * space), persisted under a data directory as snapshot + graph + write-ahead log (shard-files.ts).
 *
 * Why usearch over LanceDB and brute force (bench/vector-index.bench.mjs, 2 shared cores, 200 queries):
 * - Latency: this adapter answers k = 10 at 100k × 768 in 0.48 ms p50 / 1.0 ms p99 (recall@10 0.988
 *   against exact search), k = 50 in 0.54 / 0.96 ms, filtered (5 of 1,000 sources) in 0.59 / 0.78 ms.
 *   LanceDB flat: 107 / 185 ms; LanceDB IVF_HNSW_SQ: 1.7 / 8.4 ms at recall 0.88 and 12 / 24 ms
 *   filtered; JS brute force: 105 / 225 ms. Scores are exact cosines (graph candidates are
 *   rescored from the f32 copy).
 * - Time to searchable: an upsert is in the graph when the call returns (1.8 ms for one item, log
 *   write included). LanceDB's ANN index is built in batch (124 s at 100k × 768; 145 s at 384-d),
 *   and rows added after it are scanned flat until the next build.
 * - Ingestion: 5,400 items/s at 100k × 768 through this adapter (write-ahead log included).
 * - Isolation by construction: one shard per (tenant, sub-tenant, space), so a query cannot reach
 *   another tenant's or sub-tenant's vectors, and deleting a sub-tenant deletes its files.
 * - Filters: small candidate sets (a few documents' chunks) are scanned exactly from per-source slot
 *   maps; large ones over-fetch from the graph in proportion to their selectivity.
 * What it costs: memory. Vectors live twice (f32 for rescoring and snapshots, i8 in the graph):
 * 917 MiB RSS for 100k × 768 plus 20 tenants × 2k more (LanceDB: 140–360 MiB, it reads from disk).
 * Close/snapshot wrote that in 0.9 s, reopen + first query took 0.8 s. Inserts block the event loop
 * while the graph is updated, so large batches are applied in slices of SLICE items.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IndexScope, ScoredId, SearchFilter, SpaceModel, VectorSpace } from '../../ports/index-scope';
import { VectorIndex, VectorItem } from '../../ports/vector-index';
import { KeyedLock } from '../../shared/keyed-lock';
import { ShardFiles } from './shard-files';
import {
  checkItems,
  checkModel,
  checkScope,
  prepareSearch,
  spaceMismatch,
} from '../vector-common/vector-checks';
import { unitVector } from '../vector-common/vector-math';
import { ShardItem, VectorShard } from './vector-shard';

export interface UsearchVectorIndexOptions {
  /** Directory under which every tenant's vectors persist. */
  dataDir: string;
  /** Snapshot a shard (and start a new log) once its log exceeds this many bytes; default 64 MiB. */
  snapshotAfterLogBytes?: number;
}

/** Items applied per synchronous step, so a large upsert does not stall searches for long. */
const SLICE = 64;
const SPACES: VectorSpace[] = ['chunks', 'chunks-alt', 'raw'];

interface OpenShard {
  shard: VectorShard;
  files: ShardFiles;
}

type SpaceModels = Partial<Record<VectorSpace, SpaceModel>>;

export class UsearchVectorIndex extends VectorIndex {
  private readonly shards = new Map<string, OpenShard>();
  private readonly models = new Map<string, SpaceModels>();
  private readonly locks = new KeyedLock();
  private readonly snapshotAfter: number;

  constructor(private readonly options: UsearchVectorIndexOptions) {
    super();
    this.snapshotAfter = options.snapshotAfterLogBytes ?? 64 * 2 ** 20;
  }

  override async ensureSpace(tenantId: string, space: VectorSpace, model: SpaceModel): Promise<void> {
    checkModel(model);
    await this.locks.run(`models:${tenantId}`, async () => {
      const models = await this.loadModels(tenantId);
      const recorded = models[space];
      if (recorded) {
        if (recorded.modelId !== model.modelId || recorded.dimension !== model.dimension) {
          throw spaceMismatch(tenantId, space, recorded, model);
        }
        return;
      }
      const next = { ...models, [space]: { modelId: model.modelId, dimension: model.dimension } };
      const dir = this.tenantDir(tenantId);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'spaces.json.tmp'), JSON.stringify(next));
      await rename(join(dir, 'spaces.json.tmp'), join(dir, 'spaces.json'));
      this.models.set(tenantId, next);
    });
  }

  override async spaceModel(tenantId: string, space: VectorSpace): Promise<SpaceModel | null> {
    const model = (await this.loadModels(tenantId))[space];
    return model ? { ...model } : null;
  }

  override async upsert(scope: IndexScope, space: VectorSpace, items: VectorItem[]): Promise<void> {
    checkScope(scope);
    checkItems(items);
    if (items.length === 0) return;
    const model = await this.requireModel(scope.tenantId, space);
    const units: ShardItem[] = items.map((item) => ({
      id: item.id,
      sourceId: item.sourceId,
      kind: item.kind,
      unit: unitVector(item.vector, model.dimension, `the vector of item "${item.id}"`),
    }));
    for (let i = 0; i < units.length; i += SLICE) {
      const slice = units.slice(i, i + SLICE);
      await this.write(scope, space, true, async ({ shard, files }) => {
        await files.appendPut(slice);
        shard.put(slice);
        if (files.logBytes > this.snapshotAfter) await files.snapshot(shard);
      });
    }
  }

  override async search(
    scope: IndexScope,
    space: VectorSpace,
    query: Float32Array,
    k: number,
    filter?: SearchFilter,
  ): Promise<ScoredId[]> {
    const prepared = await prepareSearch(this, scope, space, query, k, filter);
    if (!prepared) return [];
    const { unit } = prepared;
    const key = this.shardKey(scope, space);
    const open = this.shards.get(key) ?? (await this.write(scope, space, false, async (found) => found));
    return open ? open.shard.search(unit, k, filter) : [];
  }

  override async vectorsOf(
    scope: IndexScope,
    space: VectorSpace,
    ids: string[],
  ): Promise<Map<string, Float32Array>> {
    checkScope(scope);
    const found = new Map<string, Float32Array>();
    if (ids.length === 0) return found;
    const key = this.shardKey(scope, space);
    const open = this.shards.get(key) ?? (await this.write(scope, space, false, async (found) => found));
    if (!open) return found;
    for (const id of new Set(ids)) {
      const unit = open.shard.unitOf(id);
      if (unit) found.set(id, unit);
    }
    return found;
  }

  override async deleteBySources(
    scope: IndexScope,
    space: VectorSpace,
    sourceIds: string[],
  ): Promise<number> {
    checkScope(scope);
    const removed = await this.write(scope, space, false, async ({ shard, files }) => {
      const present = sourceIds.filter((sourceId) => shard.hasSource(sourceId));
      if (present.length === 0) return 0;
      await files.appendRemove({ op: 'removeSources', sourceIds: present });
      return shard.removeSources(present);
    });
    return removed ?? 0;
  }

  override async deleteByIds(scope: IndexScope, space: VectorSpace, ids: string[]): Promise<number> {
    checkScope(scope);
    const removed = await this.write(scope, space, false, async ({ shard, files }) => {
      const present = ids.filter((id) => shard.has(id));
      if (present.length === 0) return 0;
      await files.appendRemove({ op: 'removeIds', ids: present });
      return shard.removeIds(present);
    });
    return removed ?? 0;
  }

  override async dropSpace(tenantId: string, space: VectorSpace): Promise<void> {
    await this.locks.run(`models:${tenantId}`, async () => {
      const dir = join(this.tenantDir(tenantId), space);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const saved = await readFile(join(dir, name, 'scope.json'), 'utf8').catch(() => null);
        if (!saved) continue;
        const key = this.shardKey(JSON.parse(saved) as IndexScope, space);
        await this.locks.run(key, async () => {
          const open = this.shards.get(key);
          this.shards.delete(key);
          if (open) await open.files.destroy();
        });
      }
      await rm(dir, { recursive: true, force: true });
      const models = { ...(await this.loadModels(tenantId)) };
      if (!models[space]) return;
      delete models[space];
      const tenantDir = this.tenantDir(tenantId);
      await writeFile(join(tenantDir, 'spaces.json.tmp'), JSON.stringify(models));
      await rename(join(tenantDir, 'spaces.json.tmp'), join(tenantDir, 'spaces.json'));
      this.models.set(tenantId, models);
    });
  }

  override async deleteSubTenant(scope: IndexScope): Promise<void> {
    checkScope(scope);
    for (const space of SPACES) {
      const key = this.shardKey(scope, space);
      await this.locks.run(key, async () => {
        const open = this.shards.get(key);
        this.shards.delete(key);
        if (open) await open.files.destroy();
        await rm(this.shardDir(scope, space), { recursive: true, force: true });
      });
    }
  }

  override async countBySubTenant(tenantId: string, space: VectorSpace): Promise<Map<string, number>> {
    const dir = join(this.tenantDir(tenantId), space);
    const names = await readdir(dir).catch(() => [] as string[]);
    const counts = new Map<string, number>();
    for (const name of names) {
      const saved = await readFile(join(dir, name, 'scope.json'), 'utf8').catch(() => null);
      if (!saved) continue;
      const scope = JSON.parse(saved) as IndexScope;
      const size = await this.write(scope, space, false, async ({ shard }) => shard.size);
      if (size) counts.set(scope.subTenantId, size);
    }
    return counts;
  }

  override async close(): Promise<void> {
    for (const [key, open] of [...this.shards]) {
      await this.locks.run(key, async () => {
        if (this.shards.get(key) !== open) return;
        if (open.files.logBytes > 0) await open.files.snapshot(open.shard);
        await open.files.close();
        this.shards.delete(key);
      });
    }
    this.models.clear();
  }

  /**
   * Runs `task` on the scope's shard under its lock, opening it from disk first if needed.
   * Without `create`, a shard that does not exist yields undefined instead of being created.
   */
  private async write<T>(
    scope: IndexScope,
    space: VectorSpace,
    create: boolean,
    task: (open: OpenShard) => Promise<T>,
  ): Promise<T | undefined> {
    const key = this.shardKey(scope, space);
    return this.locks.run(key, async () => {
      let open = this.shards.get(key);
      if (!open) {
        const dir = this.shardDir(scope, space);
        const exists = await stat(join(dir, 'scope.json')).then(
          () => true,
          () => false,
        );
        if (!exists && !create) return undefined;
        const model = await this.requireModel(scope.tenantId, space);
        if (!exists) {
          await mkdir(dir, { recursive: true });
          const saved = { tenantId: scope.tenantId, subTenantId: scope.subTenantId };
          await writeFile(join(dir, 'scope.json'), JSON.stringify(saved));
        }
        open = await ShardFiles.open(dir, model.dimension);
        this.shards.set(key, open);
      }
      return task(open);
    });
  }

  private async loadModels(tenantId: string): Promise<SpaceModels> {
    const cached = this.models.get(tenantId);
    if (cached) return cached;
    const saved = await readFile(join(this.tenantDir(tenantId), 'spaces.json'), 'utf8').catch(() => null);
    const models = saved ? (JSON.parse(saved) as SpaceModels) : {};
    if (saved) this.models.set(tenantId, models);
    return models;
  }

  private shardKey(scope: IndexScope, space: VectorSpace): string {
    return JSON.stringify([scope.tenantId, scope.subTenantId, space]);
  }

  private tenantDir(tenantId: string): string {
    return join(this.options.dataDir, 'tenants', dirName(tenantId));
  }

  private shardDir(scope: IndexScope, space: VectorSpace): string {
    return join(this.tenantDir(scope.tenantId), space, dirName(scope.subTenantId));
  }
}

/** A file-system-safe, case-insensitive-safe, collision-free directory name for an id. */
function dirName(id: string): string {
  const hex = Buffer.from(id, 'utf8').toString('hex');
  return hex.length <= 200 ? `x${hex}` : `h${createHash('sha256').update(id).digest('hex')}`;
}
