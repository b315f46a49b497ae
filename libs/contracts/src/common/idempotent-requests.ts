import { RawEmbeddingsPatterns } from '../embeddings/raw-embeddings.patterns';
import { GraphPatterns } from '../graph/graph.payloads';
import { ServiceNames } from '../health/health.patterns';
import { IngestionPatterns } from '../ingestion/ingestion.patterns';
import { MemoryPatterns } from '../memory/memory.patterns';
import { SearchPatterns } from '../search/search.patterns';
import { statsPattern } from '../stats/stats.patterns';
import { TenantPatterns } from '../tenant/tenant.patterns';

/**
 * Requests that only read: sending one twice changes nothing. Over NATS, one whose answer never
 * came (the replica that took it was killed, or restarted without draining) is sent once more, to
 * whichever replica of the service is left (docs/api.md, "Replicas and retries").
 */
export const IdempotentReads: ReadonlySet<string> = new Set<string>([
  SearchPatterns.hybrid,
  SearchPatterns.fullText,
  MemoryPatterns.retrieve,
  MemoryPatterns.status,
  IngestionPatterns.listSourcesById,
  IngestionPatterns.listSources,
  IngestionPatterns.fetchContent,
  IngestionPatterns.processingStatus,
  TenantPatterns.verifyApiKey,
  TenantPatterns.checkAccess,
  TenantPatterns.listSubTenants,
  TenantPatterns.listApiKeys,
  TenantPatterns.stats,
  RawEmbeddingsPatterns.search,
  RawEmbeddingsPatterns.status,
  RawEmbeddingsPatterns.counts,
  GraphPatterns.relationsBySource,
  GraphPatterns.context,
  ...ServiceNames.map((service) => statsPattern(service)),
]);

/**
 * Whether a request may be sent once more when no answer came: a read, or a memory add that
 * names its memory_id (an add replaces the memory of that id, so writing it twice leaves what
 * writing it once does; the gateway names one when the caller did not). Other writes are never
 * sent again by the transport: an upload's bytes may already be taken, a delete answers
 * not-found the second time, and a job is retried by its own queue.
 */
export function isIdempotent(pattern: string, payload: unknown): boolean {
  if (IdempotentReads.has(pattern)) return true;
  if (pattern !== MemoryPatterns.add) return false;
  const memoryId = (payload as { memory_id?: unknown } | null)?.memory_id;
  return typeof memoryId === 'string' && memoryId !== '';
}
