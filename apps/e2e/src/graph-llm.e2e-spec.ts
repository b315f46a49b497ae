import assert from 'node:assert/strict';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveRig } from '@trove/testing';
import { GraphProgress, relationsById, statements, uploadText } from './suites/graph-http';
import { verifyProcessing } from './suites/sources-fixtures';

/**
 * GRAPH_EXTRACTOR=llm end to end (standalone): a document's chunk goes to an OpenAI-compatible
 * chat endpoint (a stand-in server this test starts), the answer becomes the document's relations,
 * and the tokens the endpoint reported show in verify-processing's progress.
 */
describe('knowledge graph with an LLM extractor (standalone)', { timeout: 180_000 }, () => {
  let chat: Server;
  let rig: TroveRig;
  let alice: ApiClient;
  const asked: { model: string; text: string }[] = [];
  const tenant = `graph-llm-${Date.now()}`;

  before(async () => {
    chat = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
        asked.push({ model: body.model, text: body.messages.map((m) => m.content).join('\n') });
        const content = JSON.stringify({
          entities: [
            { name: 'Grace Hopper', type: 'person', aliases: ['Hopper'] },
            { name: 'Yale University', type: 'organization', aliases: ['Yale'] },
          ],
          relations: [
            {
              source: 'Grace Hopper',
              predicate: 'earned her doctorate at',
              canonical_predicate: 'studied at',
              target: 'Yale University',
              time: 'in 1934',
              confidence: 0.9,
            },
          ],
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content } }],
            usage: { prompt_tokens: 321, completion_tokens: 45, total_tokens: 366 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(chat.address() as AddressInfo).port}`;
    rig = await startTrove('standalone', {
      env: { GRAPH_EXTRACTOR: 'llm', GRAPH_LLM_URL: url, GRAPH_LLM_MODEL: 'tiny-model' },
    });
    const admin = new ApiClient(rig.baseUrl, rig.adminKey);
    const key = await admin.post<{ full_api_key: string }>('/api-keys/create_api_key', {
      json: { owner: 'alice' },
    });
    alice = new ApiClient(rig.baseUrl, key.body.full_api_key);
    assert.equal((await alice.post('/tenants/create', { json: { tenant_id: tenant } })).status, 200);
  });

  after(async () => {
    await rig?.dispose();
    await new Promise<void>((resolve) => chat?.close(() => resolve()));
  });

  it('reads the document through the endpoint and records the tokens it spent', async () => {
    const text = 'Grace Hopper earned her doctorate at Yale University in 1934.';
    await uploadText(alice, { tenant_id: tenant }, 'hopper', text);
    assert.ok(
      asked.some((a) => a.model === 'tiny-model' && a.text.includes(text)),
      'the chunk went to the endpoint',
    );
    const status = await verifyProcessing(alice, { tenant_id: tenant, file_id: 'hopper' });
    assert.deepEqual((status.body as GraphProgress).progress?.graph, {
      extractor: 'llm:tiny-model',
      entities: 2,
      relations: 1,
      prompt_tokens: 321,
      completion_tokens: 45,
    });
    const relations = await relationsById(alice, { tenant_id: tenant, source_id: 'hopper' });
    assert.deepEqual(statements(relations.body.relations), ['Grace Hopper —studied at→ Yale University']);
    const [evidence] = relations.body.relations[0]!.relations;
    assert.equal(evidence?.raw_predicate, 'earned her doctorate at');
    assert.equal(evidence?.temporal_details, 'in 1934');
    assert.equal(evidence?.timestamp, '1934-01-01T00:00:00.000Z');
  });
});
