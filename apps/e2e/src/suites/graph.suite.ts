import { after, before, describe } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { ownerWithTenant } from './owners';
import { graphDeleteCases } from './graph-deletes.cases';
import { graphRankingCases } from './graph-ranking.cases';
import { graphReadCases } from './graph-read.cases';

/** What every group of graph cases works with; filled in before the first case runs. */
export interface GraphContextE2e {
  mode: TroveMode;
  rig: TroveRig;
  /** Owner of `tenant`; `bob` owns `bobTenant`. */
  alice: ApiClient;
  bob: ApiClient;
  tenant: string;
  bobTenant: string;
}

/**
 * The knowledge graph over HTTP, run once per mode (and on another graph store when one is
 * given) with the default (offline) extractor: what
 * documents and memories become (relations by id, one entity across sources), graph_context on a
 * two-hop question, deletes that cascade to entities (in stats), and isolation between owners
 * and sub-tenants.
 */
export function graphSuite(mode: TroveMode, store?: { label: string; env: Record<string, string> }): void {
  describe(`knowledge graph (${mode}${store ? `, ${store.label}` : ''})`, { timeout: 300_000 }, () => {
    const ctx = { mode, tenant: `graph-${Date.now()}` } as GraphContextE2e;
    ctx.bobTenant = `${ctx.tenant}-bob`;

    before(async () => {
      // A short sweep, so that an expired memory leaves the graph within the case.
      ctx.rig = await startTrove(mode, { env: { MEMORY_SWEEP_INTERVAL_MS: '300', ...store?.env } });
      ctx.alice = await ownerWithTenant(ctx.rig, 'alice', ctx.tenant);
      ctx.bob = await ownerWithTenant(ctx.rig, 'bob', ctx.bobTenant);
    });

    after(() => ctx.rig?.dispose());

    graphReadCases(ctx);
    graphRankingCases(ctx);
    graphDeleteCases(ctx);
  });
}
