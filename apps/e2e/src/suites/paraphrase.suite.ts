import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AddMemoryResult, RetrieveMemoryResult } from '@trove/contracts';
import { ApiClient, PARAPHRASES, startTrove, TroveMode, TroveRig } from '@trove/testing';

/** Share of questions whose own memory must come back first. */
const MIN_TOP1_RATE = 0.9;
const ADD_CONCURRENCY = 4;

/** The checks /readyz reports that name the embedder (what model answered), wherever they sit. */
function embedderChecks(body: unknown): unknown[] {
  const found: unknown[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const name = (value as { name?: unknown }).name;
      if (typeof name === 'string' && /embedder/i.test(name)) found.push(value);
      else Object.values(value).forEach(walk);
    }
  };
  walk(body);
  return found;
}

/**
 * Retrieval by meaning over HTTP, run once per mode: every memory of PARAPHRASES (@trove/testing)
 * added to one sub-tenant, then each question asked with max_count 1. A question shares no
 * analysed term with its memory, so keyword search cannot answer it: this passes only when the
 * default embedder is a real model (it fails on the offline hashing embedder, which matches
 * spelling, not meaning).
 */
export function paraphraseSuite(mode: TroveMode): void {
  describe(`memory retrieval by meaning: paraphrases (${mode})`, { timeout: 600_000 }, () => {
    let rig: TroveRig;
    let api: ApiClient;
    const tenant = `para-${Date.now()}`;
    const subTenant = 'paraphrases';
    const memoryId = (i: number) => `para-${String(i).padStart(2, '0')}`;

    before(async () => {
      rig = await startTrove(mode);
      const admin = new ApiClient(rig.baseUrl, rig.adminKey);
      const created = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
        json: { owner: 'paraphrases' },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      api = new ApiClient(rig.baseUrl, created.body.full_api_key);
      const tenantCreated = await api.post('/tenants/create', { json: { tenant_id: tenant } });
      assert.equal(tenantCreated.status, 200, JSON.stringify(tenantCreated.body));
    });

    after(async () => {
      await rig?.dispose();
    });

    it(`finds the memory a paraphrased question means, top-1 for at least ${MIN_TOP1_RATE * 100}% of them`, async (t) => {
      const ready = await api.get('/readyz', { key: null });
      for (const check of embedderChecks(ready.body)) t.diagnostic(`embedder: ${JSON.stringify(check)}`);

      // Adds answer once the memory is indexed (the memory suite retrieves right after adding).
      let next = 0;
      const addAll = async () => {
        while (next < PARAPHRASES.length) {
          const i = next++;
          const added = await api.post<AddMemoryResult>('/user_memory/add_user_memory', {
            json: {
              tenant_id: tenant,
              sub_tenant_id: subTenant,
              memory_id: memoryId(i),
              raw_text: PARAPHRASES[i]!.memory,
            },
          });
          assert.equal(added.status, 200, JSON.stringify(added.body));
          assert.equal(added.body.memory_id, memoryId(i));
        }
      };
      await Promise.all(Array.from({ length: ADD_CONCURRENCY }, addAll));

      const misses: string[] = [];
      for (const [i, pair] of PARAPHRASES.entries()) {
        const found = await api.post<RetrieveMemoryResult>('/user_memory/retrieve_user_memory', {
          query: { tenant_id: tenant, sub_tenant_id: subTenant, max_count: 1 },
          json: { query: pair.question },
        });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        const top = found.body.user_memories[0];
        if (top?.memory_id !== memoryId(i)) {
          misses.push(
            `"${pair.question}" → ${top ? `"${top.source_content}"` : 'nothing'} (wanted "${pair.memory}")`,
          );
        }
      }
      const rate = (PARAPHRASES.length - misses.length) / PARAPHRASES.length;
      t.diagnostic(
        `top-1 rate ${rate.toFixed(3)} (${PARAPHRASES.length - misses.length}/${PARAPHRASES.length}), ` +
          `${misses.length} misses`,
      );
      for (const miss of misses) t.diagnostic(`miss: ${miss}`);
      assert.ok(
        rate >= MIN_TOP1_RATE,
        `top-1 rate ${rate.toFixed(3)} < ${MIN_TOP1_RATE} (${misses.length} misses of ${PARAPHRASES.length}):\n` +
          misses.join('\n'),
      );
    });

    it('scores on an absolute scale: a query about nothing stored scores low, a paraphrase high', async (t) => {
      const search = (query: string) =>
        api.post<{ chunks: { relevancy_score: number }[] }>('/search/hybrid-search', {
          json: {
            tenant_id: tenant,
            sub_tenant_id: subTenant,
            query,
            search_mode: 'memories',
            max_chunks: 3,
          },
        });
      const nothing = await search('medieval castle architecture and siege engines');
      assert.equal(nothing.status, 200, JSON.stringify(nothing.body));
      const meant = await search(PARAPHRASES[0]!.question);
      const best = (body: { chunks: { relevancy_score: number }[] }) => body.chunks[0]?.relevancy_score ?? 0;
      t.diagnostic(
        `best score, nothing stored: ${best(nothing.body).toFixed(3)}; a paraphrase: ${best(meant.body).toFixed(3)}`,
      );
      // Min–max fusion scored the first hit of any query near alpha (0.8) or above.
      assert.ok(best(nothing.body) < 0.3, `an irrelevant best hit scored ${best(nothing.body)}`);
      assert.ok(best(meant.body) > best(nothing.body) + 0.3, JSON.stringify(meant.body));
    });
  });
}
