import { SqlDatabase } from '@trove/platform-database';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { MemoryStore } from './ports/memory-store';

// The one place where the memory port's adapter is picked. The factory only builds: MemoryModule
// migrates the store at init and closes it at shutdown.

/** Memory records: SQL, on PostgreSQL or PGlite alike (the database the app opened for its mode). */
export function openMemoryStore(database: SqlDatabase): MemoryStore {
  return new SqlMemoryStore(database);
}
