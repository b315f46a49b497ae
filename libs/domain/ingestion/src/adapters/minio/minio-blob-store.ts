import { DomainError } from '@trove/contracts';
import { isNetworkError } from '@trove/platform-database';
import { Client } from 'minio';
import { BlobStore, StoredBlob } from '../../ports/blob-store';

export interface MinioBlobStoreOptions {
  /** `http(s)://host:port` of the S3 API. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /**
   * The address clients use to reach the store, when it differs from `endpoint` (a private
   * service name inside a cluster): presigned URLs are signed for this one.
   */
  publicEndpoint?: string;
  /** Objects above this size are written in parts of this size (the client's default: 64 MiB). */
  partSizeBytes?: number;
}

function clientFor(endpoint: string, options: MinioBlobStoreOptions): Client {
  const url = new URL(endpoint);
  const useSSL = url.protocol === 'https:';
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    // With a region the client never asks the server for one (presigning stays offline).
    region: options.region ?? 'us-east-1',
    pathStyle: true,
    ...(options.partSizeBytes ? { partSize: options.partSizeBytes } : {}),
  });
}

// S3 answers meaning "not now", not "your request is wrong".
const BUSY_CODES = new Set(['ServiceUnavailable', 'SlowDown', 'RequestTimeout']);

/**
 * Runs one call to the S3 server; a server that cannot be reached (or says it is overloaded)
 * becomes SERVICE_UNAVAILABLE naming the store, which the gateway answers 503 and the job queue
 * retries without using up an attempt. Any other error is left as it is.
 */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    if (isNetworkError(error) || (typeof code === 'string' && BUSY_CODES.has(code))) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new DomainError('SERVICE_UNAVAILABLE', `The S3 blob store is unavailable: ${reason}`);
    }
    throw error;
  }
}

/** BlobStore on MinIO or any S3 server, through the `minio` client; presigns downloads itself. */
export class MinioBlobStore extends BlobStore {
  private readonly client: Client;
  private readonly signer: Client;

  constructor(private readonly options: MinioBlobStoreOptions) {
    super();
    this.client = clientFor(options.endpoint, options);
    this.signer = options.publicEndpoint ? clientFor(options.publicEndpoint, options) : this.client;
  }

  /** Creates the bucket when it does not exist yet. */
  override async migrate(): Promise<void> {
    if (!(await this.client.bucketExists(this.options.bucket))) {
      try {
        await this.client.makeBucket(this.options.bucket, this.options.region ?? 'us-east-1');
      } catch (error: unknown) {
        // Another replica created it in between.
        const code = (error as { code?: string }).code;
        if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
      }
    }
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    await reaching(() =>
      this.client.putObject(this.options.bucket, key, buffer, buffer.length, { 'Content-Type': contentType }),
    );
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    return reaching(async () => {
      try {
        const stat = await this.client.statObject(this.options.bucket, key);
        const stream = await this.client.getObject(this.options.bucket, key);
        const parts: Buffer[] = [];
        for await (const part of stream) parts.push(part as Buffer);
        const meta = stat.metaData as Record<string, string | undefined>;
        return {
          bytes: Buffer.concat(parts),
          content_type: meta['content-type'] ?? 'application/octet-stream',
        };
      } catch (error: unknown) {
        const code = (error as { code?: string }).code;
        if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    await reaching(() => this.client.removeObject(this.options.bucket, key));
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (prefix.split('/').filter(Boolean).length === 0) {
      throw new Error('Refusing to delete every blob: the prefix is empty');
    }
    return reaching(async () => {
      const keys: string[] = [];
      const stream = this.client.listObjectsV2(this.options.bucket, prefix, true);
      for await (const item of stream) {
        const name = (item as { name?: string }).name;
        if (name) keys.push(name);
      }
      for (let i = 0; i < keys.length; i += 1000) {
        await this.client.removeObjects(this.options.bucket, keys.slice(i, i + 1000));
      }
      return keys.length;
    });
  }

  async presignGet(key: string, expirySeconds: number): Promise<string> {
    return this.signer.presignedGetObject(this.options.bucket, key, expirySeconds);
  }

  async ping(): Promise<void> {
    await reaching(() => this.client.bucketExists(this.options.bucket));
  }
}
