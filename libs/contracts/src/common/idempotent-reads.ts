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
 * whichever replica of the service is left (docs/api.md, "Replicas and retries"). Writes are never
 * sent again by the transport: their callers decide (most are idempotent by id, not all).
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
