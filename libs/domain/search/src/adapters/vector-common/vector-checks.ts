import { DomainError } from '@trove/contracts';
import { IndexScope, SearchFilter, SpaceModel, VectorSpace } from '../../ports/index-scope';
import { VectorItem } from '../../ports/vector-index';
import { unitVector } from './vector-math';

/** The largest dimension a space accepts (raw embeddings go up to 3,024 columns). */
export const MAX_DIMENSION = 8192;

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

export function checkScope(scope: IndexScope): void {
  if (!nonEmpty(scope?.tenantId) || !nonEmpty(scope?.subTenantId)) {
    throw new DomainError('INVALID_PARAMETERS', 'an index scope needs a non-empty tenantId and subTenantId');
  }
}

export function checkModel(model: SpaceModel): void {
  if (!nonEmpty(model?.modelId)) throw new DomainError('INVALID_PARAMETERS', 'a space model needs a modelId');
  const { dimension } = model;
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > MAX_DIMENSION) {
    throw new DomainError(
      'INVALID_PARAMETERS',
      `a space model's dimension must be an integer from 1 to ${MAX_DIMENSION}, got ${String(dimension)}`,
    );
  }
}

export function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 0) {
    throw new DomainError('INVALID_PARAMETERS', `k must be a non-negative integer, got ${String(k)}`);
  }
}

export function checkItems(items: VectorItem[]): void {
  if (!Array.isArray(items)) throw new DomainError('INVALID_PARAMETERS', 'items must be an array');
  for (const item of items) {
    if (!nonEmpty(item?.id) || typeof item.sourceId !== 'string' || typeof item.kind !== 'string') {
      throw new DomainError(
        'INVALID_PARAMETERS',
        'every vector item needs a non-empty id, a sourceId and a kind',
      );
    }
  }
}

/** The error for a model or dimension other than the one a tenant's space recorded first. */
export function spaceMismatch(
  tenantId: string,
  space: VectorSpace,
  recorded: SpaceModel,
  requested: SpaceModel,
): DomainError {
  return new DomainError(
    'DIMENSION_MISMATCH',
    `tenant "${tenantId}" indexes its "${space}" vectors with model "${recorded.modelId}" ` +
      `(${recorded.dimension} dimensions); model "${requested.modelId}" (${requested.dimension} dimensions) ` +
      `cannot be mixed into the same space`,
    { recorded: { ...recorded }, requested: { modelId: requested.modelId, dimension: requested.dimension } },
  );
}

/**
 * The checks and early answers every adapter's search shares: a valid scope and k, the space's
 * model, the query as a unit vector of that dimension; null when the answer is empty without
 * asking the engine (no model yet, k 0, an empty filter list).
 */
export async function prepareSearch(
  index: { spaceModel(tenantId: string, space: VectorSpace): Promise<SpaceModel | null> },
  scope: IndexScope,
  space: VectorSpace,
  query: Float32Array,
  k: number,
  filter?: SearchFilter,
): Promise<{ model: SpaceModel; unit: Float32Array } | null> {
  checkScope(scope);
  checkK(k);
  const model = await index.spaceModel(scope.tenantId, space);
  if (!model) return null;
  const unit = unitVector(query, model.dimension, 'the query vector');
  if (k === 0 || filter?.sourceIds?.length === 0 || filter?.kinds?.length === 0) return null;
  return { model, unit };
}
