import { MigrationSet } from '@trove/platform-database';

/**
 * The `search_raw` schema: one row per uploaded batch of pre-computed embeddings (its shape,
 * which rows were deleted, and its processing state). The vectors themselves live in a
 * RawVectorStore and, once indexed, in the vector index's `raw` space.
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
  ],
};
