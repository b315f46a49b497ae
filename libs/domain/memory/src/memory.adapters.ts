import { SqlDatabase } from '@trove/platform-database';
import { LlmMemoryInference } from './adapters/llm/llm-memory-inference';
import { OfflineMemoryInference } from './adapters/offline/offline-memory-inference';
import { SqlMemoryStore } from './adapters/sql/sql-memory-store';
import { MemorySettings } from './memory-settings';
import { MemoryInference } from './ports/memory-inference';
import { MemoryStore } from './ports/memory-store';

// The one place where the memory ports' adapters are picked. The factory only builds: MemoryModule
// migrates the store at init and closes it at shutdown.

/** Memory records: SQL, on PostgreSQL or PGlite alike (the database the app opened for its mode). */
export function openMemoryStore(database: SqlDatabase): MemoryStore {
  return new SqlMemoryStore(database);
}

/** Inference of memories from what users said: offline rules, or an LLM (MEMORY_INFERENCE=llm). */
export function openMemoryInference(settings: MemorySettings): MemoryInference {
  switch (settings.MEMORY_INFERENCE) {
    case 'offline':
      return new OfflineMemoryInference();
    case 'llm':
      return new LlmMemoryInference({
        baseUrl: settings.MEMORY_LLM_URL!,
        model: settings.MEMORY_LLM_MODEL!,
        apiKey: settings.MEMORY_LLM_API_KEY,
        timeoutMs: settings.MEMORY_LLM_TIMEOUT_MS,
      });
  }
}
