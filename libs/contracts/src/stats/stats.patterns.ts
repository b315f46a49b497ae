import { ServiceName } from '../health/health.patterns';

/**
 * Every service that holds tenant data answers `<service>.stats.counts` with its counts per
 * sub-tenant; the gateway adds them up for GET /tenants/stats.
 */
export function statsPattern(service: ServiceName): string {
  return `${service}.stats.counts`;
}

export const StatCounters = ['sources', 'chunks', 'memories', 'embeddings', 'entities', 'relations'] as const;
export type StatCounter = (typeof StatCounters)[number];

export type Counts = Partial<Record<StatCounter, number>>;

export interface CountsRequest {
  tenant_id: string;
}

export interface CountsReply {
  /** sub_tenant_id → counts owned by the answering service. */
  by_sub_tenant: Record<string, Counts>;
}

/**
 * The services that answer statsPattern(service). A service adds itself here when it starts
 * holding countable tenant data; until then nothing of that kind exists, and its counters are 0.
 */
export const StatsContributors: readonly ServiceName[] = ['search', 'memory', 'ingestion', 'graph'];
