import { MigrationSet } from '@trove/platform-database';

/**
 * The `ingestion` schema: source records (docs/api.md, Sources), the processing job of each source, and the
 * embedded job queue (SqlJobQueue; unused when JetStream carries the jobs).
 */
export const ingestionMigrations: MigrationSet = {
  schema: 'ingestion',
  migrations: [
    {
      version: 1,
      name: 'sources, jobs, queue',
      sql: `
        CREATE TABLE ingestion.sources (
          tenant_id         text        NOT NULL,
          sub_tenant_id     text        NOT NULL,
          source_id         text        NOT NULL,
          type              text        NOT NULL,
          title             text        NOT NULL DEFAULT '',
          extracted_title   text        NOT NULL DEFAULT '',
          description       text        NOT NULL DEFAULT '',
          note              text        NOT NULL DEFAULT '',
          url               text        NOT NULL DEFAULT '',
          file_name         text        NOT NULL DEFAULT '',
          mime_type         text        NOT NULL DEFAULT '',
          content_type      text        NOT NULL DEFAULT '',
          size_bytes        bigint      NOT NULL DEFAULT 0,
          has_blob          boolean     NOT NULL DEFAULT false,
          format            text,
          text              text        NOT NULL DEFAULT '',
          markdown          text        NOT NULL DEFAULT '',
          page_count        integer,
          document_metadata jsonb       NOT NULL DEFAULT '{}',
          tenant_metadata   jsonb       NOT NULL DEFAULT '{}',
          revision          bigint      NOT NULL,
          created_at        timestamptz NOT NULL,
          updated_at        timestamptz NOT NULL,
          PRIMARY KEY (tenant_id, sub_tenant_id, source_id)
        );
        CREATE INDEX sources_listing ON ingestion.sources (tenant_id, sub_tenant_id, created_at, source_id);

        -- Every upload takes the next revision: a worker only writes results of the revision it
        -- claimed, so an older upload's late results never overwrite a newer one's.
        CREATE SEQUENCE ingestion.revisions;

        -- One row per source: its latest upload's job. A deleted source keeps a tombstone
        -- (deleted = true) while a worker may still hold its lease, so that the worker cleans up
        -- after itself and a re-upload waits for it.
        CREATE TABLE ingestion.jobs (
          tenant_id       text        NOT NULL,
          sub_tenant_id   text        NOT NULL,
          source_id       text        NOT NULL,
          revision        bigint      NOT NULL,
          status          text        NOT NULL,
          deleted         boolean     NOT NULL DEFAULT false,
          error_code      text,
          error_message   text,
          attempts        integer     NOT NULL DEFAULT 0,
          chunks_total    integer     NOT NULL DEFAULT 0,
          chunks_indexed  integer     NOT NULL DEFAULT 0,
          size_bytes      bigint      NOT NULL DEFAULT 0,
          lease_owner     text,
          lease_until     timestamptz,
          queued_at       timestamptz NOT NULL,
          started_at      timestamptz,
          finished_at     timestamptz,
          updated_at      timestamptz NOT NULL,
          PRIMARY KEY (tenant_id, sub_tenant_id, source_id)
        );
        CREATE INDEX jobs_unfinished ON ingestion.jobs (updated_at)
          WHERE status IN ('queued', 'processing', 'graph_creation');

        CREATE TABLE ingestion.queue (
          id           bigserial   PRIMARY KEY,
          dedup_id     text        NOT NULL UNIQUE,
          payload      jsonb       NOT NULL,
          deliveries   integer     NOT NULL DEFAULT 0,
          available_at timestamptz NOT NULL,
          locked_until timestamptz,
          done_at      timestamptz,
          created_at   timestamptz NOT NULL
        );
        CREATE INDEX queue_ready ON ingestion.queue (available_at, id) WHERE done_at IS NULL;
      `,
    },
    {
      version: 2,
      name: 'jobs: indexed_at and the graph summary',
      sql: `
        -- When graph creation began (the chunks were searchable from then on), and what it made.
        ALTER TABLE ingestion.jobs ADD COLUMN indexed_at timestamptz;
        ALTER TABLE ingestion.jobs ADD COLUMN graph jsonb;
      `,
    },
  ],
};
