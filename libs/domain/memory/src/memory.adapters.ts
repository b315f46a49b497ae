import { SqlDatabase } from '@trove/platform-database';
import { OfflineMemoryInference } from './adapters/offline/offline-memory-inference';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { MemoryInference } from './ports/memory-inference';
import { MemoryStore } from './ports/memory-store';

// The one place where the memory ports' adapters are picked. The factory only builds: MemoryModule
// migrates the store at init and closes it at shutdown.

/** Memory records: SQL, on PostgreSQL or PGlite alike (the database the app opened for its mode). */
export function openMemoryStore(database: SqlDatabase): MemoryStore {
  return new SqlMemoryStore(database);
}

/**
 * Inference of memories from what users said. Offline rules today; when @trove/platform-llm
 * lands, a MEMORY_INFERENCE setting picks an LLM adapter here, and nothing else changes.
 */
export function openMemoryInference(): MemoryInference {
  return new OfflineMemoryInference();
}
