import { SpaceModel, VectorSpace } from '../../ports/index-scope';
import { spaceMismatch } from '../vector-common/vector-checks';
import { ElasticsearchCalls } from './elasticsearch-calls';
import {
  REGISTRY_BODY,
  modelFromDocument,
  registryDocument,
  registryId,
  registryIndexName,
} from './elasticsearch-vector-requests';

/** How long a space model read from the registry is trusted before it is read again. */
const MODEL_TTL_MS = 10_000;

/**
 * The model of each tenant space, one document per (tenant, space) in `<prefix>-spaces`, shared
 * by every replica. The first model is written with op_type=create, so two replicas recording
 * different first models cannot both win: the loser reads the winner's and reports the mismatch.
 * Models are cached per process for MODEL_TTL_MS, and a mismatch is read again before it is
 * reported, so a space another replica dropped and rebuilt with another model is seen at once
 * by ensureSpace, and within MODEL_TTL_MS by searches.
 */
export class ElasticsearchSpaceRegistry {
  private readonly models = new Map<string, { model: SpaceModel; until: number }>();

  constructor(
    private readonly es: ElasticsearchCalls,
    private readonly prefix: string,
  ) {}

  /**
   * Records `model` for the tenant's space unless one is recorded; refuses another one with
   * DIMENSION_MISMATCH. `prepare` runs before a first model is recorded (creating its index).
   */
  async ensure(
    tenantId: string,
    space: VectorSpace,
    model: SpaceModel,
    prepare: () => Promise<void>,
  ): Promise<void> {
    const same = (m: SpaceModel | null) =>
      m !== null && m.modelId === model.modelId && m.dimension === model.dimension;
    if (same(this.cached(tenantId, space))) return;
    let recorded = await this.read(tenantId, space);
    if (!recorded) {
      await prepare();
      const created = await this.es.unless(409, () =>
        this.es.client.index({
          index: registryIndexName(this.prefix),
          id: registryId(tenantId, space),
          op_type: 'create',
          document: registryDocument(tenantId, space, model),
        }),
      );
      // null: another process recorded a model in between; it is the one that counts.
      recorded = created ? this.remember(tenantId, space, model) : await this.read(tenantId, space);
    }
    if (!recorded || !same(recorded)) throw spaceMismatch(tenantId, space, recorded ?? model, model);
  }

  /** The recorded model, or null before the space's first write. */
  async model(tenantId: string, space: VectorSpace): Promise<SpaceModel | null> {
    return this.cached(tenantId, space) ?? (await this.read(tenantId, space));
  }

  async forget(tenantId: string, space: VectorSpace): Promise<void> {
    await this.ensureRegistry();
    await this.es.unless(404, () =>
      this.es.client.delete({ index: registryIndexName(this.prefix), id: registryId(tenantId, space) }),
    );
    this.models.delete(key(tenantId, space));
  }

  clear(): void {
    this.models.clear();
  }

  private cached(tenantId: string, space: VectorSpace): SpaceModel | null {
    const entry = this.models.get(key(tenantId, space));
    return entry && entry.until > Date.now() ? { ...entry.model } : null;
  }

  /** The registry's model (a realtime get: no refresh needed). */
  private async read(tenantId: string, space: VectorSpace): Promise<SpaceModel | null> {
    await this.ensureRegistry();
    const reply = await this.es.unless(404, () =>
      this.es.client.get<Record<string, unknown>>({
        index: registryIndexName(this.prefix),
        id: registryId(tenantId, space),
      }),
    );
    const model = modelFromDocument(reply?.found ? reply._source : undefined);
    if (model) return this.remember(tenantId, space, model);
    this.models.delete(key(tenantId, space));
    return null;
  }

  private remember(tenantId: string, space: VectorSpace, model: SpaceModel): SpaceModel {
    this.models.set(key(tenantId, space), { model: { ...model }, until: Date.now() + MODEL_TTL_MS });
    return { ...model };
  }

  private ensureRegistry(): Promise<void> {
    return this.es.ensureIndex(registryIndexName(this.prefix), () => REGISTRY_BODY, 1);
  }
}

const key = (tenantId: string, space: VectorSpace): string => JSON.stringify([tenantId, space]);
