import { StoreLifecycle } from '@trove/platform-database';

/** An object as the blob store returns it. */
export interface StoredBlob {
  bytes: Buffer;
  content_type: string;
}

/**
 * The raw content of sources (uploaded files, fetched pages), by key. Keys are `/`-separated
 * segments (see blobKey); the first two are the tenant and sub-tenant, so a sub-tenant's blobs
 * share a prefix.
 */
export abstract class BlobStore extends StoreLifecycle {
  /** Stores the object, replacing any object under the same key. */
  abstract put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;

  /** The object, or undefined when there is none. */
  abstract get(key: string): Promise<StoredBlob | undefined>;

  /** Deletes the object; deleting a missing one is not an error. */
  abstract delete(key: string): Promise<void>;

  /** Deletes every object whose key starts with these segments; returns how many. */
  abstract deletePrefix(prefix: string): Promise<number>;

  /**
   * A URL that downloads the object without credentials until `expirySeconds` have passed, or
   * undefined when this store cannot presign (the gateway then signs and serves its own link).
   */
  abstract presignGet(key: string, expirySeconds: number): Promise<string | undefined>;

  /** Resolves when the store answers; rejects otherwise. */
  abstract ping(): Promise<void>;
}

/** Ids are `[A-Za-z0-9._:-]{1,128}` (contracts), so they are safe key segments as they are. */
export function blobKey(tenantId: string, subTenantId: string, sourceId: string): string {
  return `${tenantId}/${subTenantId}/${sourceId}`;
}

export function blobPrefix(tenantId: string, subTenantId: string): string {
  return `${tenantId}/${subTenantId}/`;
}
