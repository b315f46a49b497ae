/*
 * The ingestion fault test, in distributed mode: the built tenant, search and ingestion services
 * as separate processes over the real NATS (JetStream) and PostgreSQL, and MinIO (S3Mock) when
 * it runs on S3_TEST_URL. 200 documents are uploaded, the ingestion service is killed (SIGKILL)
 * while they are in flight and started again; every document must reach `completed` with its
 * chunks indexed exactly once. Driven through the transport, as the gateway would.
 */
import {
  CountsReply,
  CreateTenantRequest,
  IngestionPatterns,
  ProcessingStatusReply,
  SearchPatterns,
  SearchResult,
  SourceAccepted,
  statsPattern,
  TenantPatterns,
  UploadDocumentRequest,
} from '@trove/contracts';
import { NatsPayloadStash, NatsTransportClient, packBytes } from '@trove/platform-transport';
import {
  createScratchPostgresDatabase,
  freePort,
  ScratchPostgresDatabase,
  startProcess,
  StartedProcess,
  workspaceRoot,
} from '@trove/testing';
import { chunkText } from '@trove/text';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connect } from 'nats';
import { Client } from 'pg';
import { jobStreamName } from './adapters/jetstream/jetstream-job-queue';

const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';
const S3_URL = process.env['S3_TEST_URL'] ?? 'http://127.0.0.1:9090';
const DOCUMENTS = 200;
const TENANT = 'fault';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = netConnect({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** A document of about ten chunks, with a word no other document has. */
function documentText(i: number): string {
  return Array.from(
    { length: 40 },
    (_, p) =>
      `Paragraph ${p} of document ${i} mentions the marker zq${i}x and goes on about rivers, ` +
      `bridges and the ferries that cross them at dawn, when the mist is still on the water.`,
  ).join('\n\n');
}

describe('ingestion service killed while 200 documents are in flight (distributed)', () => {
  const prefix = `fault-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-fault-'));
  let database: ScratchPostgresDatabase;
  let env: NodeJS.ProcessEnv;
  const processes: StartedProcess[] = [];
  let transport: NatsTransportClient;
  let stash: NatsPayloadStash;
  let blobStore = 'fs';

  const start = async (app: string): Promise<StartedProcess> => {
    const { process: started } = await startProcess(join(workspaceRoot(), 'apps', app, 'dist', 'main.js'), {
      cwd: workspaceRoot(),
      env: { ...env, PORT: String(await freePort()) },
      ready: new RegExp(`${app} ready`),
      timeoutMs: 60_000,
    });
    processes.push(started);
    return started;
  };

  const status = async (id: string) =>
    (
      await transport.send<ProcessingStatusReply>(IngestionPatterns.processingStatus, {
        tenant_id: TENANT,
        sub_tenant_id: TENANT,
        file_id: id,
      })
    ).status;

  before(async () => {
    database = await createScratchPostgresDatabase();
    if (await reachable(S3_URL)) blobStore = 'minio';
    env = {
      ...process.env,
      NATS_URL,
      SUBJECT_PREFIX: prefix,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      // info: the processes announce "<app> ready" at that level.
      LOG_LEVEL: 'info',
      ADMIN_API_KEY: `sk_live_${randomUUID().replace(/-/g, '')}`,
      BLOB_STORE: blobStore,
      MINIO_ENDPOINT: S3_URL,
      MINIO_ACCESS_KEY: 'test',
      MINIO_SECRET_KEY: 'test-secret',
      MINIO_BUCKET: `trove-fault-${prefix.slice(6)}`,
      // A killed worker's jobs come back after lease + 5 s instead of the default 35 s.
      INGESTION_LEASE_MS: '3000',
      INGESTION_RETRY_BASE_MS: '200',
      INGESTION_CONCURRENCY: '4',
      // What is under test is recovery, not the model: on a slow 2-core machine the model embeds
      // ~2 documents/s, and 200 of them outlast the deadline however well the restart goes.
      EMBEDDINGS_PROVIDER: 'hashing',
    };
    await start('tenant-service');
    await start('search-service');
    // Every document ends in graph creation: without a graph service it would wait out the outage.
    await start('graph-service');
    transport = new NatsTransportClient({
      url: NATS_URL,
      prefix,
      timeoutMs: 30_000,
      name: 'trove-fault-test',
    });
    stash = new NatsPayloadStash({ url: NATS_URL, prefix, name: 'trove-fault-test' });
    await transport.send(TenantPatterns.createTenant, {
      principal: { keyId: 'test', ownerId: 'fault-owner', scopes: ['admin'] },
      tenant_id: TENANT,
    } satisfies CreateTenantRequest);
  });

  after(async () => {
    await Promise.allSettled(processes.map((p) => p.stop(5000)));
    await transport?.close();
    await stash?.close();
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(jobStreamName(prefix)).catch(() => false);
    await nc.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every document reaches completed with its chunks indexed once', { timeout: 300_000 }, async () => {
    let ingestion = await start('ingestion-service');
    const upload = async (i: number): Promise<string> =>
      (
        await transport.send<SourceAccepted>(IngestionPatterns.uploadDocument, {
          tenant_id: TENANT,
          sub_tenant_id: TENANT,
          file_id: `doc-${i}`,
          file_name: `doc-${i}.txt`,
          mime_type: 'text/plain',
          content: await packBytes(stash, Buffer.from(documentText(i))),
        } satisfies UploadDocumentRequest)
      ).source_id;
    const ids = await Promise.all(Array.from({ length: DOCUMENTS }, (_, i) => upload(i)));
    // Kill it the moment every upload is accepted: most documents are queued or processing.
    ingestion.child.kill('SIGKILL');
    await new Promise((resolve) => ingestion.child.once('exit', resolve));
    const jobs = new Client({ connectionString: database.url });
    await jobs.connect();
    const { rows } = await jobs.query<{ status: string; n: string }>(
      'SELECT status, count(*) AS n FROM ingestion.jobs GROUP BY status',
    );
    await jobs.end();
    const atKill = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const inFlight = DOCUMENTS - (atKill['completed'] ?? 0);
    assert.ok(inFlight >= DOCUMENTS / 2, `only ${inFlight} documents were in flight at the kill`);
    const restartedAt = Date.now();
    ingestion = await start('ingestion-service');

    const deadline = Date.now() + 240_000;
    let statuses = await Promise.all(ids.map(status));
    while (statuses.some((s) => s?.indexing_status !== 'completed')) {
      const bad = statuses.find((s) => s?.indexing_status === 'errored');
      assert.equal(bad, undefined, `errored: ${JSON.stringify(bad)}`);
      assert.ok(
        Date.now() < deadline,
        `not all completed: ${statuses.filter((s) => s?.indexing_status !== 'completed').length} left`,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      statuses = await Promise.all(ids.map(status));
    }
    const recoveryMs = Date.now() - restartedAt;

    // Exactly once: the search service holds each document's chunks, no more, no fewer.
    const expected = ids.map((_, i) => chunkText(documentText(i)).length);
    statuses.forEach((s, i) => assert.equal(s?.progress?.chunks_total, expected[i], ids[i]));
    const counts = await transport.send<CountsReply>(statsPattern('search'), { tenant_id: TENANT });
    assert.equal(
      counts.by_sub_tenant[TENANT]?.chunks,
      expected.reduce((a, b) => a + b, 0),
    );
    const sources = await transport.send<CountsReply>(statsPattern('ingestion'), { tenant_id: TENANT });
    assert.equal(sources.by_sub_tenant[TENANT]?.sources, DOCUMENTS);
    for (const i of [0, 57, 123, 199]) {
      const hits = await transport.send<SearchResult>(SearchPatterns.fullText, {
        tenant_id: TENANT,
        sub_tenant_id: TENANT,
        query: `zq${i}x`,
        operator: 'or',
        max_chunks: 100,
        search_mode: 'sources',
      });
      assert.equal(hits.chunks.length, expected[i], `doc-${i}`);
      assert.ok(hits.chunks.every((c) => c.source_id === `doc-${i}`));
    }
    // Every job message was acknowledged: the work queue is empty.
    const nc = await connect({ servers: NATS_URL });
    const info = await (await nc.jetstreamManager()).streams.info(jobStreamName(prefix));
    await nc.close();
    assert.equal(info.state.messages, 0);
    const attempts = statuses.map((s) => s?.progress?.attempts ?? 0);
    process.stdout.write(
      `# fault test (${blobStore}): ${inFlight} of ${DOCUMENTS} in flight at the kill ${JSON.stringify(atKill)}; all completed ` +
        `${(recoveryMs / 1000).toFixed(1)} s after the restart; ${attempts.filter((a) => a > 1).length} ` +
        `processed twice (max attempts ${Math.max(...attempts)}); ${expected.reduce((a, b) => a + b, 0)} chunks, each once\n`,
    );
  });
});
