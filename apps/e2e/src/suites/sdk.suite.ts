import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  TroveClient,
  TroveConflictError,
  TroveError,
  TroveForbiddenError,
  TroveNotFoundError,
  TroveUnauthorizedError,
  TroveValidationError,
} from '@trove/sdk';
import { startTrove, TroveMode, TroveRig, workspaceRoot } from '@trove/testing';

const WAIT = { timeoutMs: 90_000, intervalMs: 200 };

/** The error a promise rejects with, asserted to be of `type`. */
async function rejection<E extends TroveError>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => assert.fail(`expected a ${type.name}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof type, `expected a ${type.name}, got ${String(error)}`);
  return error;
}

/**
 * @trove/sdk against a live server, once per mode: keys, tenants, memories, documents (bytes and
 * Blob), web pages, search, content, graph, raw embeddings, deletes, status events, webhooks, and
 * the typed errors.
 */
export function sdkSuite(mode: TroveMode): void {
  describe(`sdk (${mode})`, { timeout: 300_000 }, () => {
    const tenant = `sdk-${Date.now()}`;
    let rig: TroveRig;
    let admin: TroveClient;
    let trove: TroveClient;
    let keyId: string;

    before(async () => {
      // The webhook receiver below is this test's own server on loopback: let through.
      rig = await startTrove(mode, { env: { WEB_FETCH_ALLOWED_CIDRS: '127.0.0.1/32' } });
      admin = new TroveClient({ baseUrl: rig.baseUrl, apiKey: rig.adminKey });
    });

    after(async () => {
      await rig?.dispose();
    });

    it('creates a key for an owner, lists it without its secret, and creates a tenant with it', async () => {
      const created = await admin.createApiKey({ owner: 'sdk-owner' });
      assert.deepEqual(created.scopes, ['read', 'write']);
      assert.match(created.full_api_key, /^sk_live_/);
      keyId = created.api_key_id;
      trove = new TroveClient({ baseUrl: rig.baseUrl, apiKey: created.full_api_key });
      const listed = await admin.listApiKeys({ owner: 'sdk-owner' });
      assert.deepEqual(
        listed.api_keys.map((k) => [k.api_key_id, k.revoked_at]),
        [[keyId, null]],
      );
      assert.ok(!JSON.stringify(listed).includes(created.full_api_key));
      const made = await trove.createTenant({ tenant_id: tenant });
      assert.equal(made.default_sub_tenant_id, tenant);
    });

    it('adds a memory, reads its status, and retrieves it', async () => {
      const added = await trove.addMemory({
        tenant_id: tenant,
        sub_tenant_id: 'user-1',
        memory_id: 'tea',
        raw_text: 'I drink green tea with jasmine every morning before work.',
      });
      assert.equal(added.memory_id, 'tea');
      const status = await trove.waitForProcessing('tea', {
        tenantId: tenant,
        subTenantId: 'user-1',
        ...WAIT,
      });
      assert.equal(status.indexing_status, 'completed');
      const found = await trove.retrieveMemories({
        tenant_id: tenant,
        sub_tenant_id: 'user-1',
        max_count: 3,
        query: 'what tea do I drink in the morning?',
      });
      assert.equal(found.user_memories[0]?.memory_id, 'tea');
      assert.match(found.user_memories[0]!.source_content, /jasmine/);
      assert.deepEqual((await trove.listSubTenants(tenant)).sub_tenant_ids.sort(), [tenant, 'user-1'].sort());
    });

    it('uploads a document from bytes, waits for it, searches it and fetches its content', async () => {
      const text = 'The Zephyr reservoir has supplied water to Lindenfeld since 1931.\n';
      const accepted = await trove.uploadDocument({
        tenant_id: tenant,
        file_id: 'zephyr',
        file: new TextEncoder().encode(text),
        filename: 'zephyr.txt',
        contentType: 'text/plain',
        metadata: { topic: 'water' },
      });
      assert.equal(accepted.file_id, 'zephyr');
      const seen: string[] = [];
      const status = await trove.waitForProcessing('zephyr', {
        tenantId: tenant,
        ...WAIT,
        onStatus: (s) => seen.push(s.indexing_status),
      });
      assert.equal(status.indexing_status, 'completed', JSON.stringify(status));
      assert.equal(seen.at(-1), 'completed');

      const hybrid = await trove.hybridSearch({
        tenant_id: tenant,
        query: 'Zephyr reservoir',
        max_chunks: 3,
      });
      assert.equal(hybrid.chunks[0]?.source_id, 'zephyr');
      assert.deepEqual(hybrid.chunks[0]!.document_metadata, { topic: 'water' });
      const keyword = await trove.fullTextSearch({ tenant_id: tenant, query: 'Lindenfeld', operator: 'and' });
      assert.equal(keyword.chunks[0]?.source_id, 'zephyr');

      const content = await trove.fetchSourceContent({ tenant_id: tenant, source_id: 'zephyr' });
      assert.equal(content.content, text);
      const listed = await trove.listSources({ tenant_id: tenant, limit: 10 });
      assert.deepEqual(
        listed.sources.map((s) => s.id),
        ['zephyr'],
      );
      const relations = await trove.graphRelations({ tenant_id: tenant, source_id: 'zephyr' });
      assert.ok(Array.isArray(relations.relations));
    });

    it('uploads a Blob as a browser would, and a web page from its HTML', async () => {
      await trove.uploadDocument({
        tenant_id: tenant,
        file_id: 'notes',
        file: new Blob(['# Orchard\n\nThe quince orchard blooms in April.\n'], { type: 'text/markdown' }),
        filename: 'notes.md',
      });
      await trove.updateWebpage({
        tenant_id: tenant,
        source_id: 'page',
        web_url: 'https://example.com/lighthouse',
        title: 'Lighthouse',
        html: '<html><body><p>The granite lighthouse at Kerrow was lit in 1874.</p></body></html>',
      });
      for (const id of ['notes', 'page']) {
        const status = await trove.waitForProcessing(id, { tenantId: tenant, ...WAIT });
        assert.equal(status.indexing_status, 'completed', JSON.stringify(status));
      }
      const orchard = await trove.hybridSearch({ tenant_id: tenant, query: 'quince orchard', max_chunks: 1 });
      assert.equal(orchard.chunks[0]?.source_id, 'notes');
      const lighthouse = await trove.hybridSearch({
        tenant_id: tenant,
        query: 'granite lighthouse',
        max_chunks: 1,
      });
      assert.equal(lighthouse.chunks[0]?.source_id, 'page');
      const byId = await trove.listSourcesById({ tenant_id: tenant, source_ids: ['page', 'unknown'] });
      assert.equal(byId.sources[0]?.title, 'Lighthouse');
      assert.equal(byId.total, 1);
    });

    it('uploads raw embeddings, searches them and deletes them', async () => {
      await trove.uploadEmbeddings({
        tenant_id: tenant,
        file_id: 'vectors',
        embeddings: [
          [1, 0, 0],
          [0, 1, 0],
        ],
      });
      assert.equal(
        (await trove.waitForProcessing('vectors', { tenantId: tenant, ...WAIT })).indexing_status,
        'completed',
      );
      const hits = await trove.searchRawEmbeddings({
        tenant_id: tenant,
        query_embedding: [0.9, 0.1, 0],
        limit: 1,
      });
      assert.equal(hits[0]?.chunk_id, 'vectors_0');
      const deleted = await trove.deleteRawEmbeddings({
        tenant_id: tenant,
        chunk_ids: ['vectors_0', 'vectors_1'],
      });
      assert.equal(deleted.delete_count, 2);
    });

    it('counts, then deletes sources, the memory and a sub-tenant', async () => {
      const stats = await trove.tenantStats(tenant);
      assert.equal(stats.totals.sources, 3);
      assert.equal(stats.totals.memories, 1);
      const deleted = await trove.deleteSources({ tenant_id: tenant, source_ids: ['zephyr', 'nope'] });
      assert.deepEqual(
        deleted.results.map((r) => [r.source_id, r.deleted]),
        [
          ['zephyr', true],
          ['nope', false],
        ],
      );
      const gone = await rejection(
        trove.fetchSourceContent({ tenant_id: tenant, source_id: 'zephyr' }),
        TroveNotFoundError,
      );
      assert.equal(gone.errorCode, 'SOURCE_NOT_FOUND');
      assert.ok(gone.requestId);
      assert.equal(
        (await trove.deleteMemory({ tenant_id: tenant, sub_tenant_id: 'user-1', memory_id: 'tea' }))
          .user_memory_deleted,
        true,
      );
      assert.equal(
        (await trove.deleteSubTenant({ tenant_id: tenant, sub_tenant_id: 'user-1' })).status,
        'deleted',
      );
    });

    it('streams the status events of an upload, and delivers them to a webhook', async () => {
      const received: string[] = [];
      const receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push(body);
          response.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
        const hook = await trove.createWebhook({ tenant_id: tenant, url, events: ['status.completed'] });
        assert.ok(hook.secret);
        const listed = await trove.listWebhooks(tenant);
        assert.deepEqual(
          listed.webhooks.map((w) => [w.webhook_id, w.url]),
          [[hook.webhook_id, url]],
        );
        assert.ok(!JSON.stringify(listed).includes(hook.secret));

        await trove.uploadDocument({
          tenant_id: tenant,
          file_id: 'events-doc',
          file: 'Bees dance to say where flowers are.',
          filename: 'bees.txt',
        });
        const statuses: string[] = [];
        for await (const event of trove.processingEvents(
          { tenant_id: tenant, file_id: 'events-doc' },
          { signal: AbortSignal.timeout(90_000) },
        )) {
          assert.equal(event.file_id, 'events-doc');
          statuses.push(event.status);
        }
        // The stream starts with the current status and ends at the final one.
        assert.equal(statuses.at(-1), 'completed', statuses.join(' → '));

        let deliveries = await trove.webhookDeliveries({ tenant_id: tenant, webhook_id: hook.webhook_id });
        for (let i = 0; i < 100 && !deliveries.deliveries.some((d) => d.success); i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          deliveries = await trove.webhookDeliveries({ tenant_id: tenant, webhook_id: hook.webhook_id });
        }
        assert.equal(deliveries.deliveries[0]?.event, 'status.completed', JSON.stringify(deliveries));
        assert.ok(received.some((body) => body.includes('events-doc')));
        assert.equal(
          (await trove.deleteWebhook({ tenant_id: tenant, webhook_id: hook.webhook_id })).deleted,
          true,
        );
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    });

    it('throws typed errors: 401 for a bad key, 422 for a bad id, 404, 409 and 403', async () => {
      const stranger = new TroveClient({ baseUrl: rig.baseUrl, apiKey: `sk_live_${'x'.repeat(40)}` });
      const unauthorized = await rejection(stranger.tenantStats(tenant), TroveUnauthorizedError);
      assert.equal(unauthorized.status, 401);
      assert.equal(unauthorized.errorCode, 'UNAUTHORIZED');
      assert.match(unauthorized.requestId ?? '', /^[0-9a-f-]{36}$/);

      const invalid = await rejection(
        trove.hybridSearch({ tenant_id: tenant, sub_tenant_id: 'not a valid id!', query: 'x' }),
        TroveValidationError,
      );
      assert.equal(invalid.errorCode, 'VALIDATION_ERROR');
      assert.ok(
        invalid.fieldErrors.some((f) => f.field === 'sub_tenant_id'),
        JSON.stringify(invalid.fieldErrors),
      );

      const missing = await rejection(
        trove.verifyProcessing({ tenant_id: tenant, file_id: 'never' }),
        TroveNotFoundError,
      );
      assert.equal(missing.errorCode, 'FILE_NOT_FOUND');
      await rejection(trove.waitForProcessing('never', { tenantId: tenant }), TroveNotFoundError);

      const again = await rejection(trove.createTenant({ tenant_id: tenant }), TroveConflictError);
      assert.equal(again.errorCode, 'TENANT_ALREADY_EXISTS');

      const other = await admin.createApiKey({ owner: 'sdk-other' });
      const otherClient = new TroveClient({ baseUrl: rig.baseUrl, apiKey: other.full_api_key });
      assert.equal(
        (await rejection(otherClient.tenantStats(tenant), TroveForbiddenError)).errorCode,
        'FORBIDDEN',
      );
    });

    it('revokes a key: the next request with it is a 401', async () => {
      const revoked = await trove.revokeApiKey(keyId);
      assert.equal(revoked.api_key_id, keyId);
      await rejection(trove.tenantStats(tenant), TroveUnauthorizedError);
    });

    it('serves the OpenAPI document the SDK types were generated from', async () => {
      const served = (await (await fetch(`${rig.baseUrl}/openapi.json`)).json()) as { paths: object };
      const scratch = mkdtempSync(join(tmpdir(), 'trove-sdk-doc-'));
      try {
        const root = workspaceRoot();
        const run = spawnSync(
          process.execPath,
          [
            join(root, 'tools/generate-sdk-types.mjs'),
            '--out',
            join(scratch, 'openapi.ts'),
            '--json',
            join(scratch, 'openapi.json'),
          ],
          { cwd: root, encoding: 'utf8', timeout: 120_000 },
        );
        assert.equal(run.status, 0, run.stderr);
        const generated = JSON.parse(readFileSync(join(scratch, 'openapi.json'), 'utf8')) as {
          paths: object;
        };
        assert.deepEqual(served.paths, generated.paths);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });
  });
}
