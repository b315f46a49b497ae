import { MigrationSet } from '@trove/platform-database';

/** The `memory` schema: memory records and the sub-tenants provisioned for them. */
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
  ],
};
