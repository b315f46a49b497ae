import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ChunkInput, DomainError, HybridSearchRequest, SourceInfo } from '@trove/contracts';
import { Embedder, NgramHashingEmbedder } from '@trove/embeddings';
import { PgliteDatabase } from '@trove/platform-database';
import { analyze } from '@trove/text';
import { SqlChunkStore } from './adapters/sql/sql-chunk-store';
import { EmbeddedKeywordIndex } from './adapters/embedded-keyword/embedded-keyword-index';
import { ChunkStore } from './ports/chunk-store';
import { ChunkSpaces, openChunkSpaces } from './reembedding/chunk-spaces';
import { LegacyEmbedders } from './reembedding/legacy-embedders';
import { Reembedder } from './reembedding/reembedder';
import { SpaceRegistry } from './reembedding/space-registry';
import { SearchService, SearchServiceOptions } from './search.service';
import { UsearchVectorIndex } from './adapters/usearch/usearch-vector-index';

const DAY = 86_400_000;

function source(id: string, updatedDaysAgo = 0, type = 'document'): SourceInfo {
  const at = new Date(Date.now() - updatedDaysAgo * DAY).toISOString();
  return { source_id: id, source_type: type, title: `Title ${id}`, created_at: at, updated_at: at };
}

function chunks(sourceId: string, texts: string[]): ChunkInput[] {
  let start = 0;
  return texts.map((text, position) => {
    const chunk = { chunk_uuid: `${sourceId}_${position}`, position, text, start, kind: 'original' as const };
    start += text.length + 1;
    return chunk;
  });
}

describe('SearchService (embedded engines)', () => {
  let dir: string;
  let db: PgliteDatabase;
  let service: SearchService;
  let vectors: UsearchVectorIndex;
  let keywords: EmbeddedKeywordIndex;
  const scope = { tenant_id: 'acme', sub_tenant_id: 'acme' };
  const query = (overrides: Partial<HybridSearchRequest>): HybridSearchRequest => ({
    ...scope,
    query: 'x',
    max_chunks: 10,
    alpha: 0.5,
    recency_bias: 0,
    num_related_chunks: 0,
    search_mode: 'sources',
    ...overrides,
  });

  /** A service over the shared engines, embedding with `embedder`. */
  const serviceWith = (embedder: Embedder, store: ChunkStore, options: SearchServiceOptions) =>
    new SearchService(
      embedder,
      vectors,
      keywords,
      store,
      openChunkSpaces(db, vectors, store, embedder, join(dir, 'models')),
      options,
    );

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-search-'));
    db = await PgliteDatabase.open('memory://');
    const store = new SqlChunkStore(db);
    await store.migrate();
    vectors = new UsearchVectorIndex({ dataDir: join(dir, 'vectors') });
    keywords = await EmbeddedKeywordIndex.open({ directory: join(dir, 'keywords'), analyze });
    service = serviceWith(new NgramHashingEmbedder(), store, {
      recencyHalfLifeDays: 30,
      defaultAlpha: 0.8,
    });
    await service.indexChunks({
      ...scope,
      source: source('guide', 60),
      chunks: chunks('guide', [
        'Install the package with npm and run the setup wizard.',
        'Configure the database connection string in the settings file.',
        'Rotate the API keys every ninety days for security.',
        'Back up the database nightly to object storage.',
      ]),
    });
    await service.indexChunks({
      ...scope,
      source: source('news', 0),
      chunks: chunks('news', ['The new release rotates API keys automatically.']),
    });
    await service.indexChunks({
      tenant_id: 'acme',
      sub_tenant_id: 'team',
      source: source('private', 0),
      chunks: chunks('private', ['Rotate the API keys of the team vault.']),
    });
  });

  after(async () => {
    await Promise.all([vectors.close(), keywords.close()]);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns result chunks with every field, ranked, scores in [0, 1]', async () => {
    const result = await service.hybrid(query({ query: 'rotate API keys' }));
    assert.equal(result.alpha, 0.5);
    const ids = result.chunks.map((c) => c.chunk_uuid);
    assert.deepEqual(ids.slice(0, 2).sort(), ['guide_2', 'news_0']);
    const [first] = result.chunks;
    assert.equal(first!.source_type, 'document');
    assert.match(first!.source_title, /^Title /);
    const guide = result.chunks.find((c) => c.chunk_uuid === 'guide_2')!;
    const expectedStart =
      'Install the package with npm and run the setup wizard.'.length +
      1 +
      'Configure the database connection string in the settings file.'.length +
      1;
    assert.equal(JSON.parse(guide.layout).offsets.document_level_start_index, expectedStart);
    for (const chunk of result.chunks) assert.ok(chunk.relevancy_score >= 0 && chunk.relevancy_score <= 1);
    assert.ok(!ids.includes('private_0'), 'another sub-tenant leaked');
  });

  it('lets recency_bias prefer the newer source', async () => {
    const plain = await service.hybrid(query({ query: 'rotate API keys every ninety days', alpha: 0 }));
    assert.equal(plain.chunks[0]!.chunk_uuid, 'guide_2');
    const recent = await service.hybrid(
      query({ query: 'rotate API keys every ninety days', alpha: 0, recency_bias: 0.9 }),
    );
    assert.equal(recent.chunks[0]!.chunk_uuid, 'news_0');
  });

  it('adds neighbours from the same source, nearest first', async () => {
    const result = await service.hybrid(
      query({ query: 'database connection string settings', alpha: 0, num_related_chunks: 2 }),
    );
    const hit = result.chunks.find((c) => c.chunk_uuid === 'guide_1')!;
    assert.deepEqual(
      hit.related_chunks?.map((c) => c.chunk_uuid),
      ['guide_0', 'guide_2'],
    );
  });

  it('with relevant_only drops candidates that neither match a term nor reach the cosine floor', async () => {
    const loose = await service.hybrid(query({ query: 'photosynthesis chlorophyll', alpha: 1 }));
    assert.ok(loose.chunks.length > 0, 'semantic search always returns neighbours');
    const strict = await service.hybrid(
      query({ query: 'photosynthesis chlorophyll', alpha: 1, relevant_only: true }),
    );
    assert.deepEqual(strict.chunks, []);
    const matching = await service.hybrid(query({ query: 'nightly backup', alpha: 1, relevant_only: true }));
    assert.equal(matching.chunks[0]?.chunk_uuid, 'guide_3');
  });

  it('with relevant_only judges a semantic candidate by the query itself, not by the query feedback expanded', async () => {
    // Long memories from one ward's notes share most of their words: feedback from the one memory
    // that matches the query lifts every other's cosine over the floor, the query's own does not.
    const ward = { tenant_id: 'hospital', sub_tenant_id: 'ward' };
    // The service's defaults: feedback from the 3 best keyword hits × 1, word weights on.
    const withFeedback = serviceWith(new NgramHashingEmbedder(), new SqlChunkStore(db), {
      recencyHalfLifeDays: 30,
      defaultAlpha: 0.8,
      feedbackDocs: 3,
      feedbackWeight: 1,
    });
    const notes = [
      'The morning round on the cardiology ward started at eight with a review of the overnight admissions.',
      'Nurses recorded blood pressure, heart rate and oxygen saturation for every patient every four hours.',
      'The registrar adjusted the anticoagulant dose after the latest blood results came back from the laboratory.',
      'Two patients were transferred to the step-down unit once their telemetry had been stable for a day.',
      'The pharmacist reviewed the discharge prescriptions and flagged an interaction between two of the tablets.',
      'Physiotherapists walked the post-operative patients along the corridor twice before lunch.',
      'The consultant explained the echocardiogram findings to the family in the quiet room beside the ward.',
      'A new admission arrived from the emergency department with chest pain and an abnormal electrocardiogram.',
      'The ward clerk chased the missing radiology reports and updated the electronic patient records.',
      'Evening handover covered outstanding blood tests, pending scans and patients at risk of falling.',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let m = 0; m < 8; m++) {
      let text = Array.from({ length: 6 }, () => notes[Math.floor(random() * notes.length)]).join(' ');
      if (m === 0) text += ' The surgeon mentioned the zirconium implant used in the knee.';
      await service.indexChunks({
        ...ward,
        source: source(`note${m}`, 0, 'memory'),
        chunks: chunks(`note${m}`, [text]),
      });
    }
    const relevant = await withFeedback.hybrid(
      query({
        ...ward,
        query: 'zirconium implant',
        search_mode: 'memories',
        relevant_only: true,
        max_chunks: 50,
      }),
    );
    assert.deepEqual(
      relevant.chunks.map((c) => c.source_id),
      ['note0'],
    );
    // Without relevant_only the other notes still rank, below it.
    const all = await withFeedback.hybrid(
      query({ ...ward, query: 'zirconium implant', search_mode: 'memories', max_chunks: 50 }),
    );
    assert.equal(all.chunks[0]!.source_id, 'note0');
    assert.ok(all.chunks.length > 1);
  });

  it('searches only memories in memories mode, and only the given sources', async () => {
    assert.deepEqual(
      (await service.hybrid(query({ query: 'rotate API keys', search_mode: 'memories' }))).chunks,
      [],
    );
    const only = await service.hybrid(query({ query: 'rotate API keys', source_ids: ['news'] }));
    assert.deepEqual(
      only.chunks.map((c) => c.source_id),
      ['news'],
    );
  });

  it('replaces a source re-indexed, and deletes sources from every store', async () => {
    await service.indexChunks({
      ...scope,
      source: source('news', 0),
      chunks: chunks('news', ['Quarterly revenue grew.']),
    });
    const keysNow = await service.fullText({
      ...scope,
      query: 'rotates',
      operator: 'or',
      max_chunks: 10,
      search_mode: 'sources',
    });
    assert.ok(!keysNow.chunks.some((c) => c.source_id === 'news'));
    assert.deepEqual(await service.counts('acme'), {
      by_sub_tenant: { acme: { chunks: 5 }, team: { chunks: 1 } },
    });
    assert.deepEqual(await service.deleteSources({ tenantId: 'acme', subTenantId: 'acme' }, ['news']), {
      deleted_chunks: 1,
    });
    const revenue = await service.hybrid(query({ query: 'quarterly revenue' }));
    assert.ok(!revenue.chunks.some((c) => c.source_id === 'news'));
  });

  it('re-embeds a tenant for a new model in the background; searches answer all along, then swap', async () => {
    const tenant = { tenant_id: 'reembed', sub_tenant_id: 'notes' };
    const texts = Array.from(
      { length: 40 },
      (_, i) => `Note ${i} about the database backup schedule and its storage.`,
    );
    await service.indexChunks({ ...tenant, source: source('old'), chunks: chunks('old', texts) });
    const store = new SqlChunkStore(db);
    const registry = new SpaceRegistry(db);
    const next = new NgramHashingEmbedder({ dimension: 512 });
    const spaces = new ChunkSpaces(registry, vectors, store, next, new LegacyEmbedders(join(dir, 'models')));
    const upgraded = new SearchService(next, vectors, keywords, store, spaces, {
      recencyHalfLifeDays: 30,
      defaultAlpha: 0.8,
    });
    const reembedder = new Reembedder(spaces, registry, vectors, store, next, { batchSize: 7, graceMs: 0 });
    const semantic = () => upgraded.hybrid({ ...query({ query: 'database backup', alpha: 1 }), ...tenant });

    // Before any build: the old model's embedder answers from the old space.
    assert.equal((await semantic()).chunks.length, 10);
    // A write under the new model starts the build and goes to both spaces.
    await upgraded.indexChunks({
      ...tenant,
      source: source('new'),
      chunks: chunks('new', ['A fresh database note.']),
    });
    assert.equal((await registry.get('reembed', true)).building, 'chunks-alt');
    assert.ok((await semantic()).chunks.length > 0);

    // Searches run all through the build and the swap, and never fail.
    let searching = true;
    const answers: number[] = [];
    const searches = (async () => {
      while (searching) {
        answers.push((await semantic()).chunks.length);
        await new Promise((resolve) => setImmediate(resolve)); // as requests arrive: between I/O
      }
    })();
    await reembedder.wake();
    searching = false;
    await searches;
    assert.ok(answers.length > 0 && answers.every((n) => n === 10), `answers: ${answers.join(',')}`);

    const state = await registry.get('reembed', true);
    assert.deepEqual([state.active, state.building], ['chunks-alt', null]);
    assert.deepEqual(await vectors.spaceModel('reembed', 'chunks-alt'), {
      modelId: next.modelId,
      dimension: 512,
    });
    assert.deepEqual(Object.fromEntries(await vectors.countBySubTenant('reembed', 'chunks-alt')), {
      notes: 41,
    });
    // The old space goes after the grace (0 ms here): a timer, so a busy machine may take a while
    // to run it; it must still go, and within a bound.
    const deadline = Date.now() + 5000;
    while ((await vectors.spaceModel('reembed', 'chunks')) !== null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(await vectors.spaceModel('reembed', 'chunks'), null);
    const after = await semantic();
    assert.equal(after.chunks.length, 10);
    assert.ok(after.chunks.every((c) => c.source_id === 'old' || c.source_id === 'new'));
    // The tenant's other users of the old model are unaffected: another tenant still searches.
    assert.ok((await service.hybrid(query({ query: 'database', alpha: 1 }))).chunks.length > 0);
  });

  it('resumes an interrupted re-embedding where it stopped', async () => {
    const tenant = { tenant_id: 'resume', sub_tenant_id: 'r' };
    const texts = Array.from({ length: 30 }, (_, i) => `Resumable chunk ${i} on invoices and payments.`);
    await service.indexChunks({ ...tenant, source: source('doc'), chunks: chunks('doc', texts) });
    const store = new SqlChunkStore(db);
    const registry = new SpaceRegistry(db);
    const next = new NgramHashingEmbedder({ dimension: 256 });
    const spaces = new ChunkSpaces(registry, vectors, store, next, new LegacyEmbedders(join(dir, 'models')));
    await spaces.writeTargets('resume');
    // A first process embeds two pages, then stops (its lease is short, as after a crash).
    const first = new Reembedder(spaces, registry, vectors, store, next, { batchSize: 10, leaseMs: 1 });
    let pages = 0;
    const embed = next.embedDocuments.bind(next);
    next.embedDocuments = async (batch: string[]) => {
      if (++pages === 2) void first.stop();
      return embed(batch);
    };
    await first.wake();
    next.embedDocuments = embed;
    const stopped = await registry.get('resume', true);
    assert.equal(stopped.building, 'chunks-alt');
    assert.equal(stopped.done, 20);
    // Its 1 ms lease was renewed after its last page; let it run out, as a crashed process's does.
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A second process takes over from the recorded position: each chunk embedded once more at most.
    const seen: string[] = [];
    next.embedDocuments = async (batch: string[]) => {
      seen.push(...batch);
      return embed(batch);
    };
    const second = new Reembedder(spaces, registry, vectors, store, next, { batchSize: 10, graceMs: 0 });
    await second.wake();
    next.embedDocuments = embed;
    assert.equal(seen.length, 10);
    assert.equal((await registry.get('resume', true)).active, 'chunks-alt');
    assert.deepEqual(Object.fromEntries(await vectors.countBySubTenant('resume', 'chunks-alt')), { r: 30 });
  });

  it("weighs the semantic query's words by their idf in the scope, unless told not to", async () => {
    // "patients" is in every chunk of this sub-tenant, "zirconium" in one: weighted, the chunk
    // about zirconium leads a semantic-only search; unweighted, the one that repeats "patients".
    const words = { tenant_id: 'acme', sub_tenant_id: 'weights' };
    await service.indexChunks({
      ...words,
      source: source('many'),
      chunks: chunks('many', [
        'Patients, patients and more patients: the hospital admitted patients all night.',
        'Zirconium crowns were fitted after a dental consultation about enamel, molars and bite.',
        ...Array.from({ length: 8 }, (_, i) => `Patients of ward ${i} were discharged.`),
      ]),
    });
    const semanticOnly = { ...words, query: 'patients given zirconium', alpha: 1 };
    const plain = serviceWith(new NgramHashingEmbedder(), new SqlChunkStore(db), {
      recencyHalfLifeDays: 30,
      defaultAlpha: 0.8,
      queryWordWeights: false,
    });
    assert.equal((await service.hybrid(query(semanticOnly))).chunks[0]!.chunk_uuid, 'many_1');
    assert.equal((await plain.hybrid(query(semanticOnly))).chunks[0]!.chunk_uuid, 'many_0');
  });

  it('indexes a batch across tenants and scopes in one call; a bad request fails alone', async () => {
    const older = serviceWith(new NgramHashingEmbedder({ dimension: 512 }), new SqlChunkStore(db), {
      recencyHalfLifeDays: 30,
      defaultAlpha: 0.8,
    });
    await older.indexChunks({
      tenant_id: 'old-model',
      sub_tenant_id: 'old-model',
      source: source('o'),
      chunks: chunks('o', ['embedded with 512 dimensions']),
    });
    const reply = await service.indexMany([
      {
        tenant_id: 'b1',
        sub_tenant_id: 'b1',
        source: source('one'),
        chunks: chunks('one', ['walrus tusks ivory']),
      },
      { tenant_id: 'b1', sub_tenant_id: 'b1', source: source('bad id!'), chunks: chunks('bad', ['x']) },
      {
        tenant_id: 'b2',
        sub_tenant_id: 'b2',
        source: source('two'),
        chunks: chunks('two', ['walrus colony count']),
      },
      {
        tenant_id: 'old-model',
        sub_tenant_id: 'old-model',
        source: source('p'),
        chunks: chunks('p', ['walrus in the wrong model']),
      },
      {
        tenant_id: 'b1',
        sub_tenant_id: 'side',
        source: source('three'),
        chunks: chunks('three', ['walrus side']),
      },
    ]);
    assert.deepEqual(
      reply.outcomes.map((o) => ('error' in o ? o.error.code : o.ok.indexed)),
      // A tenant of another model is written to both of its spaces while it is re-embedded.
      [1, 'VALIDATION_ERROR', 1, 1, 1],
    );
    const found = async (tenant: string, sub: string) =>
      (
        await service.fullText({
          tenant_id: tenant,
          sub_tenant_id: sub,
          query: 'walrus',
          operator: 'or',
          max_chunks: 10,
          search_mode: 'sources',
        })
      ).chunks.map((c) => c.chunk_uuid);
    assert.deepEqual(await found('b1', 'b1'), ['one_0']);
    assert.deepEqual(await found('b2', 'b2'), ['two_0']);
    assert.deepEqual(await found('b1', 'side'), ['three_0']);
    const semantic = await service.hybrid({
      ...query({ query: 'walrus', alpha: 1 }),
      tenant_id: 'b2',
      sub_tenant_id: 'b2',
    });
    assert.deepEqual(
      semantic.chunks.map((c) => c.chunk_uuid),
      ['two_0'],
    );
    // Both of its chunks are kept: the one of its old model, and the one written meanwhile.
    assert.deepEqual(await service.counts('old-model'), { by_sub_tenant: { 'old-model': { chunks: 2 } } });
  });

  it('writes a source repeated in one batch as if sent in order: the later wins, ids shared or not', async () => {
    const b3 = { tenant_id: 'b3', sub_tenant_id: 'b3' };
    const shared = (id: string, text: string) => [
      { chunk_uuid: 'shared', position: 0, text, start: 0, kind: 'original' as const },
      ...chunks(id, [`${text} extra`]).map((c) => ({ ...c, position: 1 })),
    ];
    const reply = await service.indexMany([
      {
        ...b3,
        source: source('dup'),
        chunks: chunks('dup', ['first version of dup', 'second chunk of dup']),
      },
      { ...b3, source: source('dup'), chunks: chunks('dup', ['latest version of dup']) },
      { ...b3, source: source('left'), chunks: shared('left', 'narwhal left') },
      { ...b3, source: source('right'), chunks: shared('right', 'narwhal right') },
    ]);
    assert.ok(reply.outcomes.every((o) => 'ok' in o));
    const hits = async (q: string) =>
      (
        await service.fullText({ ...b3, query: q, operator: 'or', max_chunks: 10, search_mode: 'sources' })
      ).chunks.map((c) => `${c.chunk_uuid}:${c.source_id}:${c.chunk_content}`);
    assert.deepEqual(await hits('version'), ['dup_0:dup:latest version of dup']);
    assert.deepEqual(await hits('second chunk'), []);
    // "shared" was written by "left", then taken over by "right".
    assert.deepEqual((await hits('narwhal')).sort(), [
      'left_0:left:narwhal left extra',
      'right_0:right:narwhal right extra',
      'shared:right:narwhal right',
    ]);
  });

  it('answers a query of stop words only: no meaning to match, an empty list, never an error', async () => {
    for (const text of ['the', 'of the and', '?!']) {
      for (const relevant_only of [false, true]) {
        const found = await service.hybrid(query({ query: text, alpha: 0.8, relevant_only }));
        assert.deepEqual(found.chunks, [], text);
      }
    }
  });

  it('extra_context turns the semantic query towards its meaning, each way, and weighs nothing at weight 0', async () => {
    const steering = { tenant_id: 'acme', sub_tenant_id: 'steering' };
    for (const [id, text] of [
      ['car', 'The Jaguar sports car engine delivers horsepower and acceleration on the motorway.'],
      ['cat', 'The jaguar is a wild cat hunting prey in the rainforest of the Amazon.'],
    ] as const) {
      await service.indexChunks({ ...steering, source: source(id, 0), chunks: chunks(id, [text]) });
    }
    const first = async (target: SearchService, extra_context?: string) =>
      (await target.hybrid(query({ ...steering, query: 'jaguar speed', alpha: 0.8, extra_context })))
        .chunks[0]?.source_id;
    assert.equal(await first(service, 'sports car engine horsepower'), 'car');
    assert.equal(await first(service, 'wild cat prey rainforest'), 'cat');
    const unweighted = serviceWith(new NgramHashingEmbedder(), new SqlChunkStore(db), {
      recencyHalfLifeDays: 30,
      defaultAlpha: 0.8,
      extraContextWeight: 0,
    });
    const plain = await first(unweighted);
    assert.equal(await first(unweighted, 'sports car engine horsepower'), plain);
    assert.equal(await first(unweighted, 'wild cat prey rainforest'), plain);
    await assert.rejects(
      service.hybrid({ ...query({}), extra_context: 7 as unknown as string }),
      (e: unknown) => e instanceof DomainError && e.code === 'VALIDATION_ERROR',
    );
  });

  it("personalise ranks first the candidate nearest the user's memories, for each user", async () => {
    const users = ['racer', 'ranger'].map((u) => ({ tenant_id: 'acme', sub_tenant_id: u }));
    const memory = (id: string): SourceInfo => ({ ...source(id, 0), source_type: 'memory' });
    for (const scope of users) {
      for (const [id, text] of [
        ['car', 'The Jaguar sports car engine delivers horsepower and acceleration on the motorway.'],
        ['cat', 'The jaguar is a wild cat hunting prey in the rainforest of the Amazon.'],
      ] as const) {
        await service.indexChunks({ ...scope, source: source(id, 0), chunks: chunks(id, [text]) });
      }
    }
    await service.indexChunks({
      ...users[0]!,
      source: memory('likes'),
      chunks: chunks('likes', ['My sports car engine delivers horsepower and acceleration on the motorway.']),
    });
    await service.indexChunks({
      ...users[1]!,
      source: memory('likes'),
      chunks: chunks('likes', ['I watch a wild cat hunting prey in the rainforest of the Amazon.']),
    });
    const first = async (scope: (typeof users)[number], personalise: boolean) =>
      (await service.hybrid(query({ ...scope, query: 'jaguar speed', alpha: 0.8, personalise }))).chunks[0]
        ?.source_id;
    assert.equal(await first(users[0]!, true), 'car');
    assert.equal(await first(users[1]!, true), 'cat');
    // Off, the users do not both get their own: the memories made the difference.
    const off = [await first(users[0]!, false), await first(users[1]!, false)];
    assert.notDeepEqual(off, ['car', 'cat']);
    // Memories are never documents' results: personalisation only reorders the sources found.
    const found = await service.hybrid(
      query({ ...users[0]!, query: 'jaguar speed', personalise: true, explain: true }),
    );
    assert.ok(found.chunks.every((c) => c.source_id !== 'likes'));
    // explain: score = (1 − w)·fused + w·personal, w = 0.5 by default.
    for (const chunk of found.chunks) {
      const e = chunk.explain!;
      assert.ok(Math.abs(0.5 * e.fused! + 0.5 * e.personal! - e.final) < 1e-6, JSON.stringify(e));
    }
    await assert.rejects(
      service.hybrid({ ...query({}), personalise: 'yes' as unknown as boolean }),
      (e: unknown) => e instanceof DomainError && e.code === 'VALIDATION_ERROR',
    );
  });

  it('validates what it relies on', async () => {
    await assert.rejects(
      service.hybrid(query({ query: ' ' })),
      (e: unknown) => e instanceof DomainError && e.code === 'VALIDATION_ERROR',
    );
    await assert.rejects(
      service.hybrid(query({ max_chunks: 0 })),
      (e: unknown) => e instanceof DomainError && e.code === 'VALIDATION_ERROR',
    );
  });
});
