import { MigrationSet } from '@trove/platform-database';

/**
 * The tenant schema's history. Append new steps; never edit one that has shipped.
 * Every table name is qualified with `tenant.` so the schema can share a database (and, in
 * standalone mode, one PGlite instance) with the other domains.
 */
export const tenantMigrations: MigrationSet = {
  schema: 'tenant',
  migrations: [
    {
      version: 1,
      name: 'owners, api keys, tenants, sub-tenants',
      sql: `
        CREATE TABLE tenant.owners (
          owner_id   text PRIMARY KEY,
          created_at timestamptz NOT NULL DEFAULT now()
        );

        -- Keys are kept only as a SHA-256 hash (hex) plus a short prefix to recognise them by.
        CREATE TABLE tenant.api_keys (
          api_key_id     text PRIMARY KEY,
          owner_id       text NOT NULL REFERENCES tenant.owners (owner_id),
          key_hash       text NOT NULL UNIQUE,
          display_prefix text NOT NULL,
          scopes         text[] NOT NULL CHECK (scopes <@ ARRAY['read', 'write', 'admin']::text[]),
          bootstrap      boolean NOT NULL DEFAULT false,
          created_at     timestamptz NOT NULL DEFAULT now(),
          revoked_at     timestamptz
        );
        -- At most one live bootstrap admin key: the one from ADMIN_API_KEY or the generated one.
        CREATE UNIQUE INDEX api_keys_one_live_bootstrap
          ON tenant.api_keys (bootstrap) WHERE bootstrap AND revoked_at IS NULL;

        CREATE TABLE tenant.tenants (
          tenant_id  text PRIMARY KEY,
          owner_id   text NOT NULL REFERENCES tenant.owners (owner_id),
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX tenants_owner ON tenant.tenants (owner_id);

        CREATE TABLE tenant.sub_tenants (
          tenant_id     text NOT NULL REFERENCES tenant.tenants (tenant_id) ON DELETE CASCADE,
          sub_tenant_id text NOT NULL,
          created_at    timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (tenant_id, sub_tenant_id)
        );
      `,
    },
    {
      version: 2,
      name: 'webhooks and their delivery log',
      sql: `
        -- The secret signs deliveries (HMAC), so it is kept as given out, not hashed.
        CREATE TABLE tenant.webhooks (
          webhook_id text PRIMARY KEY,
          tenant_id  text NOT NULL REFERENCES tenant.tenants (tenant_id) ON DELETE CASCADE,
          url        text NOT NULL,
          events     text[] NOT NULL,
          secret     text NOT NULL,
          created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX webhooks_tenant ON tenant.webhooks (tenant_id, created_at);

        -- One row per attempt; only the newest few per webhook are kept (SqlWebhookStore).
        CREATE TABLE tenant.webhook_deliveries (
          seq         bigserial PRIMARY KEY,
          webhook_id  text NOT NULL REFERENCES tenant.webhooks (webhook_id) ON DELETE CASCADE,
          delivery_id text NOT NULL,
          event       text NOT NULL,
          attempt     integer NOT NULL,
          status_code integer,
          success     boolean NOT NULL,
          error       text,
          duration_ms integer NOT NULL,
          at          timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX webhook_deliveries_webhook ON tenant.webhook_deliveries (webhook_id, seq);
      `,
    },
    {
      version: 3,
      name: 'creation order for api keys and webhooks',
      sql: `
        -- created_at alone cannot order rows made in the same clock tick (PGlite's clock ticks in
        -- milliseconds), and listings promise creation order: a sequence breaks the ties.
        ALTER TABLE tenant.api_keys ADD COLUMN created_seq bigserial;
        ALTER TABLE tenant.webhooks ADD COLUMN created_seq bigserial;
      `,
    },
  ],
};
