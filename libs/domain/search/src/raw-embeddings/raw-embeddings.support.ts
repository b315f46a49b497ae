import { DomainError, PackedBytes, RAW_MAX_DIMENSION } from '@trove/contracts';
import { bytesAsFloat32, discardPacked, PayloadStash, unpackBytes } from '@trove/platform-transport';
import { IndexScope } from '../ports/index-scope';
import { checkVectors } from './raw-embeddings.validation';

export function scopeOf(request: { tenant_id: string; sub_tenant_id: string }): IndexScope {
  return { tenantId: request.tenant_id, subTenantId: request.sub_tenant_id };
}

/**
 * Runs the request's checks, then takes its vectors from the message (or the stash). A request
 * refused before its vectors are taken drops them from the stash rather than leave them there
 * until they expire.
 */
export async function takeVectors(
  stash: PayloadStash,
  packed: PackedBytes,
  check: () => void,
): Promise<Float32Array> {
  try {
    check();
  } catch (error) {
    if (packed && typeof packed === 'object') await discardPacked(stash, packed).catch(() => undefined);
    throw error;
  }
  return bytesAsFloat32(await unpackBytes(stash, packed));
}

/** A query vector from its float32 bytes: 1 to 3024 finite values, not all zero. */
export function queryVector(bytes: Uint8Array): Float32Array {
  const query = bytesAsFloat32(bytes);
  if (query.length === 0 || query.length > RAW_MAX_DIMENSION) {
    throw new DomainError(
      'VALIDATION_ERROR',
      `query_embedding must have 1 to ${RAW_MAX_DIMENSION} values, got ${query.length}`,
      { errors: [{ field: 'query_embedding', message: `must have 1 to ${RAW_MAX_DIMENSION} values` }] },
    );
  }
  checkVectors(query, query.length, () => 'query_embedding');
  return query;
}
