import {
  DeleteSourcesRequest,
  GraphDeleteSourcesRequest,
  GraphPatterns,
  SearchPatterns,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { scopeKey } from './memory-add';
import { MemoryKey } from './ports/memory-store';

/** Memory ids grouped by tenant and sub-tenant: one delete message per scope. */
export function sourcesByScope(keys: MemoryKey[]): (DeleteSourcesRequest & GraphDeleteSourcesRequest)[] {
  const groups = new Map<string, DeleteSourcesRequest & GraphDeleteSourcesRequest>();
  for (const key of keys) {
    const scope = scopeKey(key);
    const group = groups.get(scope) ?? {
      tenant_id: key.tenant_id,
      sub_tenant_id: key.sub_tenant_id,
      source_ids: [],
    };
    group.source_ids.push(key.memory_id);
    groups.set(scope, group);
  }
  return [...groups.values()];
}

/**
 * Erases memories from the search index and from the knowledge graph, and rejects if either
 * fails. Callers delete the records after this, not before: a failure then leaves the records,
 * and deleting again finishes the job (both erasures are idempotent).
 *
 * The graph is erased whether or not MEMORY_GRAPH extracts new memories: facts extracted while
 * it was on must not outlive their memory.
 */
export async function eraseIndexEntries(transport: TransportClient, keys: MemoryKey[]): Promise<void> {
  for (const request of sourcesByScope(keys)) {
    await Promise.all([
      transport.send(SearchPatterns.deleteSources, request),
      transport.send(GraphPatterns.deleteSources, request),
    ]);
  }
}
