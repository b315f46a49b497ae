import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  registerDecorator,
  ValidateIf,
  ValidationOptions,
} from 'class-validator';
import { AddressGuard } from '@trove/platform-http';

/** A comma-separated list of CIDRs that AddressGuard accepts (empty: none). */
function IsCidrList(options?: ValidationOptions) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isCidrList',
      target: target.constructor,
      propertyName: property,
      options: { message: 'must be comma-separated CIDRs such as 127.0.0.1/32,10.0.0.0/8', ...options },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          try {
            new AddressGuard(splitList(value));
            return true;
          } catch {
            return false;
          }
        },
      },
    });
}

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const minio = (s: IngestionSettings): boolean => s.BLOB_STORE === 'minio';

/** Settings of the ingestion domain, read from the environment by the app that hosts it. */
export class IngestionSettings {
  /** `fs` (files under DATA_DIR/blobs; the gateway signs download links) or `minio` (any S3; presigned links). */
  @IsIn(['fs', 'minio'])
  BLOB_STORE = 'fs';

  @ValidateIf(minio)
  @Matches(/^https?:\/\/[^/\s]+\/?$/, {
    message: 'MINIO_ENDPOINT must be http(s)://host:port when BLOB_STORE=minio',
  })
  MINIO_ENDPOINT: string | undefined = undefined;

  @ValidateIf(minio)
  @IsString({ message: 'MINIO_ACCESS_KEY is required when BLOB_STORE=minio' })
  MINIO_ACCESS_KEY: string | undefined = undefined;

  @ValidateIf(minio)
  @IsString({ message: 'MINIO_SECRET_KEY is required when BLOB_STORE=minio' })
  MINIO_SECRET_KEY: string | undefined = undefined;

  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
  MINIO_BUCKET = 'trove';

  @IsString()
  MINIO_REGION = 'us-east-1';

  /** The address clients reach MinIO at, when it differs from MINIO_ENDPOINT (presigned links are signed for it). */
  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+\/?$/, { message: 'must be http(s)://host:port' })
  MINIO_PUBLIC_ENDPOINT: string | undefined = undefined;

  /** Larger files (and fetched pages' extracted content) end errored with FILE_TOO_LARGE. */
  @IsInt()
  @Min(1024)
  INGESTION_MAX_FILE_BYTES = 64 * 1024 * 1024;

  /** Worker threads extracting text (each one document at a time). */
  @IsInt()
  @Min(1)
  @Max(64)
  INGESTION_EXTRACT_WORKERS = 2;

  @IsInt()
  @Min(100)
  INGESTION_EXTRACT_TIMEOUT_MS = 120_000;

  /** Heap limit of each extraction thread: a decompression bomb ends FILE_TOO_LARGE instead of crashing the service. */
  @IsInt()
  @Min(64)
  INGESTION_EXTRACT_HEAP_MB = 512;

  /** Jobs processed at once by one process. */
  @IsInt()
  @Min(1)
  @Max(256)
  INGESTION_CONCURRENCY = 4;

  /** Deliveries of one job before it ends errored. */
  @IsInt()
  @Min(1)
  @Max(100)
  INGESTION_MAX_ATTEMPTS = 5;

  /** First retry delay; each next one is 4× longer, up to 5 minutes. */
  @IsInt()
  @Min(10)
  INGESTION_RETRY_BASE_MS = 2000;

  /** How long a worker's claim on a job lasts without renewal (renewed every third of it). */
  @IsInt()
  @Min(300)
  INGESTION_LEASE_MS = 30_000;

  /** An unfinished job nobody holds that has not changed for this long is queued again. */
  @IsInt()
  @Min(1000)
  INGESTION_STALL_MS = 300_000;

  /**
   * How long the search service may take to index one source's chunks: the base, plus the
   * allowance per chunk, at most INGESTION_INDEX_TIMEOUT_MS. When it runs out the job is tried
   * again (indexing a revision again replaces it), so a search service that died holding the
   * request delays a small document by about the base, not by the largest one's allowance.
   */
  @IsInt()
  @Min(1000)
  INGESTION_INDEX_TIMEOUT_MS = 300_000;

  @IsInt()
  @Min(1000)
  INGESTION_INDEX_TIMEOUT_BASE_MS = 30_000;

  /** 200 ms: five chunks a second, a sixth of what the model does on one core. */
  @IsInt()
  @Min(0)
  INGESTION_INDEX_TIMEOUT_PER_CHUNK_MS = 200;

  /**
   * Graph creation: every source's indexed chunks go to the graph service, which reads entities
   * and relations out of them (the `graph_creation` state), and deletes erase them there too.
   * Turn it off only where no graph service runs: nothing is then built or erased there.
   */
  @IsBoolean()
  INGESTION_GRAPH = true;

  /**
   * How long the graph service may take over one source's chunks: the base plus the allowance
   * per chunk, at most INGESTION_GRAPH_TIMEOUT_MS (as for indexing). The offline extractor reads
   * about 400 chunks a second on one core; an LLM extractor needs far more (raise the per-chunk
   * allowance to a few seconds divided by GRAPH_LLM_CONCURRENCY).
   */
  @IsInt()
  @Min(1000)
  INGESTION_GRAPH_TIMEOUT_MS = 600_000;

  @IsInt()
  @Min(1000)
  INGESTION_GRAPH_TIMEOUT_BASE_MS = 30_000;

  @IsInt()
  @Min(0)
  INGESTION_GRAPH_TIMEOUT_PER_CHUNK_MS = 100;

  /** Web pages larger than this end FILE_TOO_LARGE. */
  @IsInt()
  @Min(1024)
  WEB_FETCH_MAX_BYTES = 10 * 1024 * 1024;

  @IsInt()
  @Min(100)
  WEB_FETCH_CONNECT_TIMEOUT_MS = 5000;

  /** For the whole fetch: every redirect and the body included. */
  @IsInt()
  @Min(100)
  WEB_FETCH_TIMEOUT_MS = 20_000;

  @IsInt()
  @Min(0)
  @Max(20)
  WEB_FETCH_MAX_REDIRECTS = 5;

  /** Non-public networks the fetcher may reach anyway (an intranet, a test's own server). */
  @IsCidrList()
  WEB_FETCH_ALLOWED_CIDRS = '';
}

/** Retry delays: base, 4×, 16×, … capped at 5 minutes, one per attempt. */
export function retryBackoff(settings: IngestionSettings): number[] {
  return Array.from({ length: Math.max(1, settings.INGESTION_MAX_ATTEMPTS - 1) }, (_, i) =>
    Math.min(300_000, settings.INGESTION_RETRY_BASE_MS * 4 ** i),
  );
}

/**
 * A job handed to a consumer that stops answering is delivered again after this long: past the
 * worker's lease, so the next worker can claim it at once.
 */
export function redeliveryMs(settings: IngestionSettings): number {
  return settings.INGESTION_LEASE_MS + 5000;
}
