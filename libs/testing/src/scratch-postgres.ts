import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** A throw-away database on the test PostgreSQL server. */
export interface ScratchPostgresDatabase {
  /** Connection URL of the new database. */
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

/** The server integration tests use; TEST_DATABASE_URL points at any database on it. */
export function testPostgresUrl(): string {
  return process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * Creates `trove_test_<random>` on the test server, so every test file starts from an empty
 * database and parallel runs never meet.
 */
export async function createScratchPostgresDatabase(): Promise<ScratchPostgresDatabase> {
  const adminUrl = testPostgresUrl();
  const name = `trove_test_${randomBytes(8).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // WITH (FORCE) (PostgreSQL 13+) ends sessions a test forgot to close.
      await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
