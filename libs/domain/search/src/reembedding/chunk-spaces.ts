import { Embedder } from '@trove/embeddings';
import { SqlDatabase } from '@trove/platform-database';
import { ChunkStore } from '../ports/chunk-store';
import { ChunkSpace, SpaceModel } from '../ports/index-scope';
import { VectorIndex } from '../ports/vector-index';
import { LegacyEmbedders } from './legacy-embedders';
import { otherSpace, SpaceRegistry, SpaceState } from './space-registry';

/** A chunk space and the embedder whose vectors it holds. */
export interface SpaceTarget {
  space: ChunkSpace;
  embedder: Embedder;
}

function sameModel(model: SpaceModel, embedder: Embedder): boolean {
  return model.modelId === embedder.modelId && model.dimension === embedder.dimension;
}

/**
 * Which chunk space a tenant's writes and searches use, so that a change of embedding model never
 * stops search. A tenant's active space holds vectors of one model. When the configured embedder
 * is another model, a build of the other space starts (the Reembedder fills it in the background):
 *
 * - writes go to both spaces, each with its own model's vectors, so neither misses a chunk;
 * - searches keep using the active space, with the old model's embedder for the query, until the
 *   build is complete and the two spaces swap (one SQL statement);
 * - when the old model cannot embed a query any more (a remote model no longer configured),
 *   searches use the new space as far as it is built, and keyword search has everything.
 */
export class ChunkSpaces {
  /** Called when a build starts, to wake the Reembedder. */
  onBuildStarted?: (tenantId: string) => void;

  constructor(
    private readonly registry: SpaceRegistry,
    private readonly vectors: VectorIndex,
    private readonly chunks: ChunkStore,
    private readonly current: Embedder,
    private readonly legacy: LegacyEmbedders,
  ) {}

  /** Where a write of this tenant's chunks goes (read fresh, so no write misses a swap). */
  async writeTargets(tenantId: string): Promise<SpaceTarget[]> {
    let state = await this.registry.get(tenantId, true);
    const model = { modelId: this.current.modelId, dimension: this.current.dimension };
    const activeModel = await this.vectors.spaceModel(tenantId, state.active);
    if (!activeModel || sameModel(activeModel, this.current)) {
      await this.vectors.ensureSpace(tenantId, state.active, model);
      return [{ space: state.active, embedder: this.current }];
    }
    if (!state.building || state.buildingModel !== this.current.modelId) {
      state = await this.startBuild(tenantId, state);
    }
    const building = state.building ?? otherSpace(state.active);
    await this.vectors.ensureSpace(tenantId, building, model);
    const targets: SpaceTarget[] = [{ space: building, embedder: this.current }];
    const old = await this.legacy.get(activeModel.modelId);
    if (old && old.dimension === activeModel.dimension) targets.push({ space: state.active, embedder: old });
    return targets;
  }

  /** Which space answers this tenant's semantic searches, and with which embedder; null: none yet. */
  async readTarget(tenantId: string): Promise<SpaceTarget | null> {
    const state = await this.registry.get(tenantId);
    const activeModel = await this.vectors.spaceModel(tenantId, state.active);
    if (!activeModel) return null;
    if (sameModel(activeModel, this.current)) return { space: state.active, embedder: this.current };
    const old = await this.legacy.get(activeModel.modelId);
    if (old && old.dimension === activeModel.dimension) return { space: state.active, embedder: old };
    return state.building ? { space: state.building, embedder: this.current } : null;
  }

  /**
   * Starts building the space that is not active with the current model (clearing what an earlier,
   * abandoned build left there). Another process may have started it meanwhile: the registry then
   * keeps that one.
   */
  private async startBuild(tenantId: string, state: SpaceState): Promise<SpaceState> {
    const space = otherSpace(state.active);
    if (state.building && state.buildingModel !== this.current.modelId) {
      await this.registry.abandon(tenantId);
    }
    const fresh = await this.registry.get(tenantId, true);
    if (fresh.building && fresh.buildingModel === this.current.modelId) return fresh;
    await this.vectors.dropSpace(tenantId, space);
    const started = await this.registry.startBuild(
      tenantId,
      space,
      this.current.modelId,
      await this.chunks.countTenant(tenantId),
    );
    this.onBuildStarted?.(tenantId);
    return started;
  }
}

/** ChunkSpaces over the `search` schema of `database` (SearchModule, tests, benchmarks). */
export function openChunkSpaces(
  database: SqlDatabase,
  vectors: VectorIndex,
  chunks: ChunkStore,
  embedder: Embedder,
  modelsDir: string,
): ChunkSpaces {
  return new ChunkSpaces(
    new SpaceRegistry(database),
    vectors,
    chunks,
    embedder,
    new LegacyEmbedders(modelsDir),
  );
}
