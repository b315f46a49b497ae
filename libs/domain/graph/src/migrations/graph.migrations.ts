import { MigrationSet } from '@trove/platform-database';

/**
 * The `graph` schema: entities with their resolution keys, mentions (which source and chunk speak
 * of an entity: its evidence) and relations. Every key starts with the scope, so a sub-tenant's
 * graph is a contiguous range of each index and one scope never reads another's rows.
 */
export const graphMigrations: MigrationSet = {
  schema: 'graph',
  migrations: [
    {
      version: 1,
      name: 'entities-relations',
      sql: `
        CREATE TABLE graph.entities (
          tenant_id     text        NOT NULL,
          sub_tenant_id text        NOT NULL,
          entity_id     text        NOT NULL,
          name          text        NOT NULL,
          type          text        NOT NULL,
          namespace     text        NOT NULL,
          identifier    text,
          created_at    timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (tenant_id, sub_tenant_id, entity_id)
        );
        CREATE TABLE graph.entity_keys (
          tenant_id     text NOT NULL,
          sub_tenant_id text NOT NULL,
          type          text NOT NULL,
          key           text NOT NULL,
          entity_id     text NOT NULL,
          PRIMARY KEY (tenant_id, sub_tenant_id, type, key),
          FOREIGN KEY (tenant_id, sub_tenant_id, entity_id)
            REFERENCES graph.entities (tenant_id, sub_tenant_id, entity_id) ON DELETE CASCADE
        );
        CREATE INDEX entity_keys_entity ON graph.entity_keys (tenant_id, sub_tenant_id, entity_id);
        CREATE INDEX entity_keys_key ON graph.entity_keys (tenant_id, sub_tenant_id, key);
        CREATE TABLE graph.mentions (
          tenant_id     text NOT NULL,
          sub_tenant_id text NOT NULL,
          source_id     text NOT NULL,
          chunk_id      text NOT NULL,
          entity_id     text NOT NULL,
          context       text NOT NULL DEFAULT '',
          PRIMARY KEY (tenant_id, sub_tenant_id, source_id, chunk_id, entity_id),
          FOREIGN KEY (tenant_id, sub_tenant_id, entity_id)
            REFERENCES graph.entities (tenant_id, sub_tenant_id, entity_id)
        );
        CREATE INDEX mentions_entity ON graph.mentions (tenant_id, sub_tenant_id, entity_id);
        CREATE TABLE graph.relations (
          tenant_id           text        NOT NULL,
          sub_tenant_id       text        NOT NULL,
          relationship_id     text        NOT NULL,
          source_id           text        NOT NULL,
          chunk_id            text        NOT NULL,
          ordinal             integer     NOT NULL,
          source_entity_id    text        NOT NULL,
          target_entity_id    text        NOT NULL,
          canonical_predicate text        NOT NULL,
          raw_predicate       text        NOT NULL,
          context             text        NOT NULL,
          confidence          double precision NOT NULL,
          temporal_details    text,
          happened_at         timestamptz,
          PRIMARY KEY (tenant_id, sub_tenant_id, relationship_id),
          FOREIGN KEY (tenant_id, sub_tenant_id, source_entity_id)
            REFERENCES graph.entities (tenant_id, sub_tenant_id, entity_id),
          FOREIGN KEY (tenant_id, sub_tenant_id, target_entity_id)
            REFERENCES graph.entities (tenant_id, sub_tenant_id, entity_id)
        );
        CREATE INDEX relations_source ON graph.relations (tenant_id, sub_tenant_id, source_id, ordinal);
        CREATE INDEX relations_chunk ON graph.relations (tenant_id, sub_tenant_id, chunk_id);
        CREATE INDEX relations_from ON graph.relations (tenant_id, sub_tenant_id, source_entity_id);
        CREATE INDEX relations_to ON graph.relations (tenant_id, sub_tenant_id, target_entity_id);
      `,
    },
    {
      // The walk behind graph_context reads a capped number of rows per entity (its most confident
      // relations, its first chunks): with the order in the index, each is a short range read
      // instead of every row of the entity sorted, which a hub named in thousands of chunks made
      // cost hundreds of milliseconds. Each new index replaces the one that was its prefix.
      version: 2,
      name: 'walk-indexes',
      sql: `
        CREATE INDEX relations_from_ranked
          ON graph.relations (tenant_id, sub_tenant_id, source_entity_id, confidence DESC, relationship_id);
        CREATE INDEX relations_to_ranked
          ON graph.relations (tenant_id, sub_tenant_id, target_entity_id, confidence DESC, relationship_id);
        DROP INDEX graph.relations_from;
        DROP INDEX graph.relations_to;
        CREATE INDEX mentions_entity_chunk ON graph.mentions (tenant_id, sub_tenant_id, entity_id, source_id, chunk_id);
        DROP INDEX graph.mentions_entity;
      `,
    },
  ],
};
