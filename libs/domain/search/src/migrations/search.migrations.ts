import { MigrationSet } from '@trove/platform-database';

/** The `search` schema: the text and source facts of every indexed chunk. */
export const searchMigrations: MigrationSet = {
  schema: 'search',
  migrations: [
    {
      version: 1,
      name: 'chunks',
      sql: `
        CREATE TABLE search.chunks (
          tenant_id         text        NOT NULL,
          sub_tenant_id     text        NOT NULL,
          chunk_uuid        text        NOT NULL,
          source_id         text        NOT NULL,
          source_type       text        NOT NULL,
          source_title      text        NOT NULL DEFAULT '',
          kind              text        NOT NULL,
          position          integer     NOT NULL,
          content           text        NOT NULL,
          start_offset      integer     NOT NULL,
          created_at        timestamptz NOT NULL,
          updated_at        timestamptz NOT NULL,
          document_metadata jsonb       NOT NULL DEFAULT '{}',
          tenant_metadata   jsonb       NOT NULL DEFAULT '{}',
          PRIMARY KEY (tenant_id, sub_tenant_id, chunk_uuid)
        );
        CREATE INDEX chunks_by_source ON search.chunks (tenant_id, sub_tenant_id, source_id, position);
      `,
    },
    {
      version: 2,
      name: 'chunk vector spaces',
      // Which of a tenant's two chunk spaces answers searches, and the re-embedding that builds the
      // other one with a new model: where its scan is (resume after a restart), how far it got,
      // and which process holds it (a lease, so that replicas do not build it twice).
      sql: `
        CREATE TABLE search.chunk_spaces (
          tenant_id      text        PRIMARY KEY,
          active         text        NOT NULL DEFAULT 'chunks',
          building       text,
          building_model text,
          cursor_sub     text,
          cursor_chunk   text,
          done           integer     NOT NULL DEFAULT 0,
          total          integer     NOT NULL DEFAULT 0,
          owner          text,
          lease_until    timestamptz,
          started_at     timestamptz,
          updated_at     timestamptz NOT NULL DEFAULT now()
        );
      `,
    },
  ],
};
