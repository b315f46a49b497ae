// What the SciFact candidates for accurate mode's offline stage share (bench/accurate-prf.bench.mjs,
// bench/accurate-documents.bench.mjs): the queries and documents (`--full`: all 5,183 and 809;
// else the first `--queries` (150) with their judged documents and 1,000 others), the real search
// stack with them indexed, fast mode's search (alpha 0.8), and nDCG@10 of a ranking of chunk ids
// by their documents.
import { performance } from 'node:perf_hooks';
import { loadSciFact, sciFactSubcorpus } from './quality-data.mjs';
import { dedupe, ndcgAt } from './quality-metrics.mjs';
import { argValue, hasFlag, indexTitledDocuments, openSearchStack } from './quality-stack.mjs';

export const SCIFACT_SCOPE = { tenant_id: 'scifact', sub_tenant_id: 'train' };
export const SCIFACT_INDEX_SCOPE = { tenantId: 'scifact', subTenantId: 'train' };

/** A chunk id's document: `${doc}_${n}` → doc. */
export const docOf = (id) => id.slice(0, id.lastIndexOf('_'));

export async function openSciFactCandidates() {
  const full = hasFlag('full');
  const data = loadSciFact();
  const queries = full ? data.queries : data.queries.slice(0, Number(argValue('queries', '150')));
  const { docs } = full ? { docs: data.docs } : sciFactSubcorpus(data, queries, 1000);
  const stack = await openSearchStack({ defaultAlpha: 0.8 });
  const t0 = performance.now();
  await indexTitledDocuments(stack.service, SCIFACT_SCOPE, docs);
  console.log(
    `SciFact train: ${docs.length} docs indexed in ${((performance.now() - t0) / 1000).toFixed(0)} s, ` +
      `${queries.length} queries; ${stack.embedder.modelId}`,
  );
  const ndcg = (ids, q) => ndcgAt(dedupe(ids, docOf), data.qrels.get(q.id), 10);
  /** Fast mode's best 100 chunks for a query. */
  const fastSearch = (query) =>
    stack.service.hybrid({
      ...SCIFACT_SCOPE,
      query,
      max_chunks: 100,
      alpha: 0.8,
      recency_bias: 0,
      num_related_chunks: 0,
      search_mode: 'sources',
    });
  return { queries, stack, ndcg, fastSearch };
}
