import { MigrationSet } from '@trove/platform-database';

/**
 * The `memory` schema: memory records and the sub-tenants provisioned for them; since version 2,
 * each record's graph state (pending extraction, its revision, a worker's claim on it); since
 * version 3, which inference read it and the tokens it spent.
 */
export const memoryMigrations: MigrationSet = {
  schema: 'memory',
  migrations: [
    {
      version: 1,
      name: 'memories',
      sql: `
        CREATE TABLE memory.provisioned (
          tenant_id     text        NOT NULL,
          sub_tenant_id text        NOT NULL,
          created_at    timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (tenant_id, sub_tenant_id)
        );
        CREATE TABLE memory.memories (
          tenant_id           text        NOT NULL,
          sub_tenant_id       text        NOT NULL,
          memory_id           text        NOT NULL,
          content             text        NOT NULL,
          raw_text            text,
          user_assistant_pairs jsonb,
          user_name           text,
          custom_instructions text,
          infer               boolean     NOT NULL DEFAULT false,
          inferred            jsonb       NOT NULL DEFAULT '[]',
          original_chunks     integer     NOT NULL,
          inferred_chunks     integer     NOT NULL,
          expires_at          timestamptz,
          created_at          timestamptz NOT NULL,
          updated_at          timestamptz NOT NULL,
          PRIMARY KEY (tenant_id, sub_tenant_id, memory_id)
        );
        CREATE INDEX memories_expiring ON memory.memories (expires_at) WHERE expires_at IS NOT NULL;
      `,
    },
    {
      version: 2,
      name: 'graph state',
      // Memories saved before the graph existed start pending, so the worker extracts them too
      // (ADD COLUMN with a constant default rewrites no rows); new rows say it on every save.
      sql: `
        ALTER TABLE memory.memories ADD COLUMN graph_pending boolean NOT NULL DEFAULT true;
        ALTER TABLE memory.memories ALTER COLUMN graph_pending SET DEFAULT false;
        ALTER TABLE memory.memories ADD COLUMN revision integer NOT NULL DEFAULT 1;
        ALTER TABLE memory.memories ADD COLUMN graph_claimed_until timestamptz;
        CREATE INDEX memories_graph_pending ON memory.memories (updated_at) WHERE graph_pending;
      `,
    },
    {
      version: 3,
      name: 'inference',
      // Memories saved before stay null: offline was the only inference then, and spent nothing.
      sql: `
        ALTER TABLE memory.memories ADD COLUMN inference text;
        ALTER TABLE memory.memories ADD COLUMN inference_usage jsonb;
      `,
    },
    {
      version: 4,
      name: 'order of saving',
      // Which memory came right after which in a sub-tenant (a reply follows its question:
      // docs/api.md, Memories). Memories saved before are numbered in the order they were
      // created (memory_id breaks ties); new rows take the sequence's next number.
      sql: `
        ALTER TABLE memory.memories ADD COLUMN seq bigint;
        CREATE SEQUENCE memory.memories_seq OWNED BY memory.memories.seq;
        UPDATE memory.memories m SET seq = o.n
          FROM (SELECT tenant_id, sub_tenant_id, memory_id,
                       row_number() OVER (ORDER BY created_at, memory_id) AS n
                FROM memory.memories) o
          WHERE m.tenant_id = o.tenant_id AND m.sub_tenant_id = o.sub_tenant_id AND m.memory_id = o.memory_id;
        SELECT setval('memory.memories_seq', (SELECT COALESCE(max(seq), 0) + 1 FROM memory.memories), false);
        ALTER TABLE memory.memories ALTER COLUMN seq SET DEFAULT nextval('memory.memories_seq');
        ALTER TABLE memory.memories ALTER COLUMN seq SET NOT NULL;
        CREATE INDEX memories_order ON memory.memories (tenant_id, sub_tenant_id, seq);
      `,
    },
  ],
};
