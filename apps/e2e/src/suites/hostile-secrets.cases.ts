import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ApiClient } from '@trove/testing';
import { expectError } from './expect-error';
import type { HostileContext } from './hostile-input.suite';

/** What Trove keeps to itself: its files, users' content and keys in its logs, keys in URLs and bodies. */
export function hostileSecretCases(ctx: HostileContext): void {
  describe('secrets', () => {
    it('writes its data readable by its own user only (files 600, folders 700)', (t) => {
      const dataDir = ctx.rig.dataDir!;
      const open: string[] = [];
      const walk = (dir: string): number => {
        let seen = 0;
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          const mode = statSync(path).mode & 0o777;
          if ((mode & 0o077) !== 0) open.push(`${path.slice(dataDir.length)} ${mode.toString(8)}`);
          seen += 1 + (entry.isDirectory() ? walk(path) : 0);
        }
        return seen;
      };
      const seen = walk(dataDir);
      // The full stack keeps everything in its servers (Elasticsearch, S3, PostgreSQL, Neo4j).
      if (seen === 0 && ctx.mode === 'full') return t.skip('every store is a server: DATA_DIR holds nothing');
      assert.ok(seen > 0, 'the data directory is empty');
      assert.deepEqual(open, [], `${open.length} of ${seen} entries are open to others`);
    });

    it("keeps users' content and keys out of the logs, errors included", async () => {
      const { api, tenant, addMemory } = ctx;
      const secret = `zebrafinch${Date.now()}`;
      const forged = `sk_live_${'Q'.repeat(40)}`;
      const content = `The vault code is ${secret}.`;
      await addMemory({ raw_text: content, memory_id: 'secret-memory' });
      await addMemory({ raw_text: `${content}\u0000` });
      await addMemory({ raw_text: content, memory_id: 'not an id!' });
      await addMemory({ raw_text: content, expiry_time: -1 });
      await api.post('/search/hybrid-search', { json: { tenant_id: tenant, query: content } });
      await api.post('/search/hybrid-search', { json: { tenant_id: tenant, query: content, alpha: 7 } });
      await api.post('/user_memory/retrieve_user_memory', {
        query: { tenant_id: tenant },
        json: { query: content },
      });
      await api.post('/user_memory/add_user_memory', {
        raw: { body: `{"tenant_id":"${tenant}","raw_text":"${secret}`, contentType: 'application/json' },
      });
      await new ApiClient(ctx.rig.baseUrl, forged).post('/search/hybrid-search', {
        json: { tenant_id: tenant, query: content },
      });
      await new ApiClient(ctx.rig.baseUrl).get('/tenants/sub_tenant_ids', {
        query: { tenant_id: tenant, access_token: forged },
      });
      await api.post('/ingestion/upload-document', {
        raw: { body: `--x\r\n${secret}`, contentType: 'multipart/form-data; boundary=x' },
      });
      const output = ctx.rig.output();
      assert.ok(output.length > 0, 'the processes printed nothing: the test would prove nothing');
      for (const [what, needle] of [
        ['content', secret],
        ['a key', forged],
        ['the test key', ctx.key],
      ] as const) {
        const at = output.indexOf(needle);
        assert.equal(at, -1, `${what} in the logs: …${output.slice(Math.max(0, at - 200), at + 100)}…`);
      }
    });

    it('takes the key from the Authorization header only, never from the query string or the body', async () => {
      const query = await new ApiClient(ctx.rig.baseUrl).get('/tenants/sub_tenant_ids', {
        query: { tenant_id: ctx.tenant, access_token: ctx.key },
      });
      expectError(query, 401, 'UNAUTHORIZED');
      const body = await new ApiClient(ctx.rig.baseUrl).post('/search/hybrid-search', {
        json: { tenant_id: ctx.tenant, query: 'x', access_token: ctx.key },
      });
      expectError(body, 401, 'UNAUTHORIZED');
    });
  });
}
