import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectError } from './expect-error';
import type { HostileContext } from './hostile-input.suite';

/**
 * Bodies no parser should trust: NUL characters and lone surrogates, deep nesting, nulls,
 * prototype names as ids, and a flood of bad writes among good ones.
 */
export function hostileBodyCases(ctx: HostileContext): void {
  const fields = (detail: { errors?: { field: string }[] }) => detail.errors?.map((e) => e.field);

  describe('bodies', () => {
    it('refuses a NUL character in a body field with 422 naming the field, a nested one by its path', async () => {
      const nul = expectError(
        await ctx.addMemory({ raw_text: 'before\u0000after' }),
        422,
        'VALIDATION_ERROR',
      );
      assert.deepEqual(fields(nul), ['raw_text']);
      const search = await ctx.api.post('/search/hybrid-search', {
        json: { tenant_id: ctx.tenant, query: 'a\u0000' },
      });
      expectError(search, 422, 'VALIDATION_ERROR');
      const pairs = await ctx.addMemory({ user_assistant_pairs: [{ user: 'hi', assistant: 'x\u0000' }] });
      assert.deepEqual(fields(expectError(pairs, 422, 'VALIDATION_ERROR')), [
        'user_assistant_pairs[0].assistant',
      ]);
    });

    it('refuses unpaired UTF-16 surrogates with 422', async () => {
      // JSON.stringify keeps a lone surrogate as the escape \ud800, which JSON.parse restores.
      const lone = expectError(
        await ctx.addMemory({ raw_text: 'half \ud800 a pair' }),
        422,
        'VALIDATION_ERROR',
      );
      assert.match(lone.message, /unpaired UTF-16 surrogates/);
    });

    it('refuses a NUL character in a property name with 422', async () => {
      expectError(await ctx.addMemory({ raw_text: 'fine', ['bad\u0000key']: 1 }), 422, 'VALIDATION_ERROR');
    });

    it('refuses a NUL character in a query-string parameter with 422 naming it', async () => {
      const list = await ctx.api.get('/list/list-sources', {
        query: { tenant_id: ctx.tenant, cursor: 'a\u0000' },
      });
      assert.match(expectError(list, 422, 'VALIDATION_ERROR').message, /cursor must not contain NUL/);
    });

    it('stores nothing of a body refused for its characters', async () => {
      expectError(await ctx.addMemory({ raw_text: 'before\u0000after' }), 422, 'VALIDATION_ERROR');
      expectError(await ctx.addMemory({ raw_text: 'half \ud800 a pair' }), 422, 'VALIDATION_ERROR');
      const found = await ctx.api.post<{ chunks: unknown[] }>('/search/full-text-search', {
        json: { tenant_id: ctx.tenant, query: 'before after half pair' },
      });
      assert.deepEqual(found.body.chunks, []);
    });

    it('isolates a bad write: 10 tenants add at once while one sends only bad input, and every good add succeeds', async () => {
      const adds = ctx.tenants.flatMap((id, t) =>
        Array.from({ length: 12 }, (_, i) =>
          ctx.api.post('/user_memory/add_user_memory', {
            json: {
              tenant_id: id,
              memory_id: `m${i}`,
              raw_text: t === 0 ? `poison ${i}\u0000` : `tenant ${t} remembers item ${i}`,
            },
          }),
        ),
      );
      const answers = await Promise.all(adds);
      const bad = answers.slice(0, 12);
      const good = answers.slice(12);
      for (const answer of bad) expectError(answer, 422, 'VALIDATION_ERROR');
      assert.deepEqual(
        [...new Set(good.map((a) => a.status))],
        [200],
        good.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('\n'),
      );
    });

    it('refuses nesting deeper than 32 levels with 422, not a stack overflow', async () => {
      for (const depth of [33, 5_000, 100_000]) {
        const body = `{"tenant_id":"${ctx.tenant}","raw_text":"x","user_name":${'['.repeat(depth)}${']'.repeat(depth)}}`;
        const answer = await ctx.api.post('/user_memory/add_user_memory', {
          raw: { body, contentType: 'application/json' },
        });
        assert.match(expectError(answer, 422, 'VALIDATION_ERROR').message, /deeper than 32 levels/);
      }
    });

    it('treats null as absent for every optional field of a memory', async () => {
      const added = await ctx.addMemory({
        raw_text: 'null fields are absent ones',
        memory_id: null,
        user_name: null,
        infer: null,
        expiry_time: null,
        sub_tenant_id: null,
      });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    });

    it('treats null as absent for every optional field of a search', async () => {
      const hybrid = await ctx.api.post('/search/hybrid-search', {
        json: {
          tenant_id: ctx.tenant,
          query: 'null fields',
          sub_tenant_id: null,
          max_chunks: null,
          alpha: null,
          extra_context: null,
          metadata_filters: null,
        },
      });
      assert.equal(hybrid.status, 200, JSON.stringify(hybrid.body));
      const fullText = await ctx.api.post('/search/full-text-search', {
        json: { tenant_id: ctx.tenant, query: 'null', operator: null, metadata_filters: null },
      });
      assert.equal(fullText.status, 200, JSON.stringify(fullText.body));
    });

    it('refuses a required field given as null as missing: 422, not a crash', async () => {
      expectError(await ctx.addMemory({ raw_text: null }), 422, 'VALIDATION_ERROR');
      expectError(
        await ctx.api.post('/search/hybrid-search', { json: { tenant_id: ctx.tenant, query: null } }),
        422,
        'VALIDATION_ERROR',
      );
    });

    it('keeps prototype names as plain ids: sub-tenants named __proto__, constructor, toString, prototype', async () => {
      const names = ['__proto__', 'constructor', 'toString', 'prototype', 'hasOwnProperty', 'valueOf'];
      for (const [i, name] of names.entries()) {
        const answer = await ctx.api.post('/user_memory/add_user_memory', {
          json: { tenant_id: ctx.tenants[1], sub_tenant_id: name, raw_text: `memory ${i} of ${name}` },
        });
        assert.equal(answer.status, 200, `${name}: ${JSON.stringify(answer.body)}`);
      }
      const stats = await ctx.api.get<{
        sub_tenants: { sub_tenant_id: string; counts: { memories: number } }[];
        totals: { memories: number };
      }>('/tenants/stats', { query: { tenant_id: ctx.tenants[1] } });
      assert.equal(stats.status, 200, JSON.stringify(stats.body));
      for (const name of names) {
        const entry = stats.body.sub_tenants.find((s) => s.sub_tenant_id === name);
        assert.equal(entry?.counts.memories, 1, `${name}: ${JSON.stringify(entry)}`);
      }
      // The service's prototypes are untouched: another tenant's counts are still numbers.
      const again = await ctx.api.get('/tenants/stats', { query: { tenant_id: ctx.tenants[2] } });
      assert.equal(again.status, 200);
      assert.ok(!JSON.stringify(again.body).includes('NaN'));
    });
  });
}
