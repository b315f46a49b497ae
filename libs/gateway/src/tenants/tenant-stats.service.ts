import { Injectable } from '@nestjs/common';
import {
  Counts,
  CountsReply,
  CountsRequest,
  RawEmbeddingsPatterns,
  StatCounter,
  StatCounters,
  StatsContributors,
  statsPattern,
  TenantPatterns,
  TenantRef,
  TenantStats,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { CountsDto, TenantStatsResponse } from './tenants.dto';

function zero(): CountsDto {
  return Object.fromEntries(StatCounters.map((c) => [c, 0])) as Record<StatCounter, number>;
}

function add(target: CountsDto, counts: Counts): void {
  for (const counter of StatCounters) target[counter] += counts[counter] ?? 0;
}

/**
 * GET /tenants/stats: the sub-tenants from the tenant service, and the counts of each from every
 * service that owns countable data (StatsContributors), asked in parallel.
 */
@Injectable()
export class TenantStatsService {
  constructor(private readonly transport: TransportClient) {}

  async stats(tenantId: string): Promise<TenantStatsResponse> {
    const request: CountsRequest = { tenant_id: tenantId };
    const [tenant, ...replies] = await Promise.all([
      this.transport.send<TenantStats>(TenantPatterns.stats, { tenant_id: tenantId } satisfies TenantRef),
      ...StatsContributors.map((service) => this.transport.send<CountsReply>(statsPattern(service), request)),
      // Raw embeddings are counted apart from the search service's chunks, by the same process.
      this.transport.send<CountsReply>(RawEmbeddingsPatterns.counts, request),
    ]);
    // Sub-tenant ids are users' words ("__proto__", "constructor"): looked up in Maps, never by
    // indexing the replies' objects.
    const bySubTenant = replies.map((reply) => new Map(Object.entries(reply.by_sub_tenant)));
    const totals = zero();
    const sub_tenants = tenant.sub_tenants.map(({ sub_tenant_id, created_at }) => {
      const counts = zero();
      for (const reply of bySubTenant) add(counts, reply.get(sub_tenant_id) ?? {});
      add(totals, counts);
      return { sub_tenant_id, created_at, counts };
    });
    return {
      success: true,
      tenant_id: tenant.tenant_id,
      default_sub_tenant_id: tenant.default_sub_tenant_id,
      totals,
      sub_tenants,
    };
  }
}
