import { MigrationSet } from '@trove/platform-database';

/**
 * The `search_raw` schema: one row per uploaded batch of pre-computed embeddings (its shape,
 * which rows were deleted, its processing state and who holds its indexing lease). The vectors
 * themselves live in a RawVectorStore (`search_raw.vectors` when it is the SQL one) and, once
 * indexed, in the vector index's `raw` space.
 */
export const rawEmbeddingsMigrations: MigrationSet = {
  schema: 'search_raw',
  migrations: [
    {
      version: 1,
      name: 'batches',
      sql: `
        CREATE TABLE search_raw.batches (
          tenant_id      text        NOT NULL,
          sub_tenant_id  text        NOT NULL,
          file_id        text        NOT NULL,
          dimension      integer     NOT NULL,
          row_count      integer     NOT NULL,
          removed_rows   integer[]   NOT NULL DEFAULT '{}',
          status         text        NOT NULL,
          error_code     text,
          error_message  text,
          generation     integer     NOT NULL DEFAULT 1,
          created_at     timestamptz NOT NULL,
          updated_at     timestamptz NOT NULL,
          PRIMARY KEY (tenant_id, sub_tenant_id, file_id)
        );
        CREATE INDEX batches_pending ON search_raw.batches (updated_at)
          WHERE status IN ('queued', 'processing');
      `,
    },
    {
      // An indexing job claims its batch for a while (renewed as it runs), so that of several
      // search-service replicas exactly one indexes it, and another takes over when it dies.
      version: 2,
      name: 'indexing leases',
      sql: `
        ALTER TABLE search_raw.batches ADD COLUMN lease_token text, ADD COLUMN lease_until timestamptz;
      `,
    },
    {
      // SqlRawVectorStore: a batch's float32 rows as one little-endian bytea. EXTERNAL storage:
      // float data does not compress, and uncompressed out-of-line values can be read in slices
      // (substring fetches only the TOAST chunks it needs), which is how single rows are read.
      version: 3,
      name: 'vectors',
      sql: `
        CREATE TABLE search_raw.vectors (
          tenant_id      text    NOT NULL,
          sub_tenant_id  text    NOT NULL,
          file_id        text    NOT NULL,
          dimension      integer NOT NULL,
          row_count      integer NOT NULL,
          data           bytea   NOT NULL,
          PRIMARY KEY (tenant_id, sub_tenant_id, file_id)
        );
        ALTER TABLE search_raw.vectors ALTER COLUMN data SET STORAGE EXTERNAL;
      `,
    },
  ],
};
