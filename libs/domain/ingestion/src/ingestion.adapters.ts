import { SqlDatabase } from '@trove/platform-database';
import { join } from 'node:path';
import { FsBlobStore } from './adapters/fs/fs-blob-store';
import { JetStreamJobQueue } from './adapters/jetstream/jetstream-job-queue';
import { MinioBlobStore } from './adapters/minio/minio-blob-store';
import { SqlJobQueue } from './adapters/sql/sql-job-queue';
import { SqlJobStore } from './adapters/sql/sql-job-store';
import { SqlSourceStore } from './adapters/sql/sql-source-store';
import { IngestionSettings, redeliveryMs, retryBackoff } from './ingestion-settings';
import { BlobStore } from './ports/blob-store';
import { JobQueue } from './ports/job-queue';
import { JobStore } from './ports/job-store';
import { SourceStore } from './ports/source-store';

// The one place where each ingestion port's adapter is picked from the settings. The factories
// only build: IngestionModule migrates every store at init and closes it at shutdown.

/** `BLOB_STORE`: files under DATA_DIR/blobs (`fs`), or any S3 server (`minio`). */
export function openBlobStore(settings: IngestionSettings, dataDir: string): BlobStore {
  if (settings.BLOB_STORE === 'fs') return new FsBlobStore(join(dataDir, 'blobs'));
  return new MinioBlobStore({
    endpoint: settings.MINIO_ENDPOINT!,
    accessKey: settings.MINIO_ACCESS_KEY!,
    secretKey: settings.MINIO_SECRET_KEY!,
    bucket: settings.MINIO_BUCKET,
    region: settings.MINIO_REGION,
    publicEndpoint: settings.MINIO_PUBLIC_ENDPOINT,
  });
}

/** Where the distributed queue lives: the deployment's NATS server and subject prefix. */
export interface JetStreamSettings {
  url: string;
  prefix: string;
  /** The connection's name, as NATS monitoring shows it. */
  name: string;
}

/**
 * The run mode picks the queue: with `nats` (distributed), a JetStream work queue under the
 * deployment's subject prefix; without (standalone), a table in the same database, owned by this
 * one process.
 */
export function openJobQueue(
  settings: IngestionSettings,
  where: { database: SqlDatabase; nats?: JetStreamSettings },
): JobQueue {
  const limits = {
    maxAttempts: settings.INGESTION_MAX_ATTEMPTS,
    backoffMs: retryBackoff(settings),
    concurrency: settings.INGESTION_CONCURRENCY,
  };
  if (where.nats) {
    return new JetStreamJobQueue({
      ...limits,
      ...where.nats,
      ackWaitMs: redeliveryMs(settings),
      dedupWindowMs: 10 * 60_000,
    });
  }
  return new SqlJobQueue(where.database, {
    ...limits,
    pollMs: 1000,
    visibilityMs: redeliveryMs(settings),
    dedupWindowMs: 10 * 60_000,
    releaseOnStart: true,
  });
}

/** Source records: SQL, on PostgreSQL or PGlite alike. */
export function openSourceStore(database: SqlDatabase): SourceStore {
  return new SqlSourceStore(database);
}

/** Processing jobs and their leases: SQL, on PostgreSQL or PGlite alike. */
export function openJobStore(database: SqlDatabase): JobStore {
  return new SqlJobStore(database);
}
