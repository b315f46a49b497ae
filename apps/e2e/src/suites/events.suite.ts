import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ApiClient, startTrove, TroveMode, TroveRig } from '@trove/testing';
import { ownerWithTenant } from './owners';
import { uploadDocument } from './sources-fixtures';

/** One `event: status` of a stream. */
interface StatusEvent {
  tenant_id: string;
  sub_tenant_id: string;
  file_id: string;
  status: string;
  error?: { code: string; message: string };
  at: string;
}

/** An SSE stream read with fetch: its events so far, and a promise of its end. */
interface OpenStream {
  status: number;
  contentType: string | null;
  events: StatusEvent[];
  ended: Promise<void>;
  close(): void;
}

async function openStream(
  rig: TroveRig,
  client: ApiClient,
  query: Record<string, string>,
  key?: string,
): Promise<OpenStream> {
  const url = new URL('/ingestion/events', rig.baseUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const abort = new AbortController();
  const apiKey = key ?? (client as unknown as { defaultKey: string }).defaultKey;
  const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` }, signal: abort.signal });
  const events: StatusEvent[] = [];
  const read = async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(part, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: status')) continue;
          const data = lines.find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)) as StatusEvent);
        }
      }
    } catch {
      // aborted by close()
    }
  };
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    ended: response.ok ? read() : response.text().then(() => undefined),
    close: () => abort.abort(),
  };
}

/** A webhook receiver on 127.0.0.1: records every POST; `/flaky` answers 500 twice, then 200. */
class Receiver {
  readonly received: { path: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  private server?: Server;
  private flaky = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '',
          body: Buffer.concat(parts).toString('utf8'),
          headers: req.headers,
        });
        const fail = req.url === '/flaky' && this.flaky++ < 2;
        res.writeHead(fail ? 500 : 200).end(fail ? 'not now' : 'ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The receiver's check, as docs/events-webhooks.md gives it. */
function verify(secret: string, header: string, body: string): boolean {
  const fields = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(fields['t']);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const given = fields['v1'] ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ORDER = ['queued', 'processing', 'graph_creation', 'completed'];

/**
 * Live progress over HTTP, once per mode: SSE up to `completed` for an uploaded document (and
 * nothing of it for another tenant), signed webhook deliveries to a local receiver, retries
 * with their log, and the SSRF rule at creation.
 */
export function eventsSuite(mode: TroveMode): void {
  describe(`events and webhooks (${mode})`, { timeout: 600_000 }, () => {
    const tenant = `ev-${Date.now()}`;
    const bobTenant = `${tenant}-bob`;
    let rig: TroveRig;
    let alice: ApiClient;
    let bob: ApiClient;
    let receiver: Receiver;

    before(async () => {
      receiver = await new Receiver().start();
      rig = await startTrove(mode, {
        env: {
          // The receiver is this test's own server on loopback: let through, like sources-web's.
          WEB_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
          WEBHOOK_RETRY_BASE_MS: '200',
          WEBHOOK_RETRY_MAX_MS: '1000',
        },
      });
      alice = await ownerWithTenant(rig, 'alice', tenant);
      bob = await ownerWithTenant(rig, 'bob', bobTenant);
    });

    after(async () => {
      await rig?.dispose();
      await receiver?.stop();
    });

    it('streams a document up to completed; the tenant stream has it, another tenant sees nothing', async () => {
      const bobStream = await openStream(rig, bob, { tenant_id: bobTenant });
      const tenantStream = await openStream(rig, alice, { tenant_id: tenant });
      assert.equal(bobStream.status, 200);
      assert.match(tenantStream.contentType ?? '', /^text\/event-stream/);
      try {
        const accepted = await uploadDocument(
          alice,
          { tenant_id: tenant, file_id: 'ev-doc', title: 'Events' },
          { bytes: 'The kestrel hovers over the verge before it drops.', name: 'kestrel.txt' },
        );
        assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
        // Connected after the upload: the current status comes first, so nothing is missed.
        const item = await openStream(rig, alice, { tenant_id: tenant, file_id: 'ev-doc' });
        assert.equal(item.status, 200);
        await Promise.race([
          item.ended,
          new Promise((_, reject) => setTimeout(() => reject(new Error('the stream did not end')), 120_000)),
        ]);
        const statuses = item.events.map((e) => e.status);
        assert.equal(statuses.at(-1), 'completed', JSON.stringify(statuses));
        // Forward only, except that an attempt that failed puts the document back in the queue
        // (docs/events-webhooks.md: `queued` again when an attempt is retried), as a loaded
        // machine sometimes makes happen: ["processing","queued","processing",…] was seen in CI.
        for (let i = 1; i < statuses.length; i++) {
          const retried = statuses[i] === 'queued' && statuses[i - 1] !== 'completed';
          assert.ok(
            retried || ORDER.indexOf(statuses[i]!) >= ORDER.indexOf(statuses[i - 1]!),
            JSON.stringify(statuses),
          );
        }
        for (const event of item.events) {
          assert.deepEqual(
            { tenant_id: event.tenant_id, sub_tenant_id: event.sub_tenant_id, file_id: event.file_id },
            { tenant_id: tenant, sub_tenant_id: tenant, file_id: 'ev-doc' },
          );
          assert.ok(!Number.isNaN(Date.parse(event.at)));
        }
        await until('the tenant stream to see completed', () =>
          tenantStream.events.some((e) => e.file_id === 'ev-doc' && e.status === 'completed')
            ? true
            : undefined,
        );
        assert.ok(tenantStream.events.every((e) => e.tenant_id === tenant));
        // Give a stray event time to arrive before checking that none did.
        await new Promise((resolve) => setTimeout(resolve, 500));
        assert.deepEqual(bobStream.events, [], 'bob saw alice tenant events');
      } finally {
        bobStream.close();
        tenantStream.close();
      }
    });

    it('checks the key and the tenant before streaming', async () => {
      const none = await fetch(new URL(`/ingestion/events?tenant_id=${tenant}`, rig.baseUrl));
      assert.equal(none.status, 401);
      const other = await openStream(rig, bob, { tenant_id: tenant });
      assert.equal(other.status, 403);
      const unknown = await openStream(rig, alice, { tenant_id: tenant, file_id: 'never-uploaded' });
      assert.equal(unknown.status, 404);
    });

    it('delivers a signed webhook for completed, and retries a receiver that fails twice', async () => {
      const ok = await alice.post<{ webhook_id: string; secret: string }>('/webhooks/create', {
        json: { tenant_id: tenant, url: receiver.url('/ok'), events: ['status.completed'] },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.match(ok.body.secret, /^whsec_/);
      const flaky = await alice.post<{ webhook_id: string; secret: string }>('/webhooks/create', {
        json: { tenant_id: tenant, url: receiver.url('/flaky'), events: ['status.completed'] },
      });
      assert.equal(flaky.status, 200, JSON.stringify(flaky.body));

      const listed = await alice.get<{ webhooks: Record<string, unknown>[] }>('/webhooks/list', {
        query: { tenant_id: tenant },
      });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.webhooks.length, 2);
      assert.ok(
        listed.body.webhooks.every((w) => !('secret' in w)),
        'list shows no secrets',
      );
      const bobList = await bob.get('/webhooks/list', { query: { tenant_id: tenant } });
      assert.equal(bobList.status, 403);

      const accepted = await uploadDocument(
        alice,
        { tenant_id: tenant, file_id: 'ev-hook', title: 'Hook' },
        { bytes: 'A wren sings loudly for so small a bird.', name: 'wren.txt' },
      );
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));

      const delivered = await until('the signed delivery', () =>
        receiver.received.find((r) => r.path === '/ok' && r.body.includes('"ev-hook"')),
      );
      const signature = String(delivered.headers['trove-signature']);
      assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
      assert.equal(verify(ok.body.secret, signature, delivered.body), true, 'the signature verifies');
      assert.equal(
        verify(flaky.body.secret, signature, delivered.body),
        false,
        "another webhook's secret does not",
      );
      assert.ok(delivered.headers['trove-delivery'], 'a delivery id header');
      const body = JSON.parse(delivered.body) as { type: string; webhook_id: string; data: StatusEvent };
      assert.equal(body.type, 'status.completed');
      assert.equal(body.webhook_id, ok.body.webhook_id);
      assert.deepEqual(
        [body.data.tenant_id, body.data.file_id, body.data.status],
        [tenant, 'ev-hook', 'completed'],
      );

      type Deliveries = {
        deliveries: { attempt: number; status_code?: number; success: boolean; delivery_id: string }[];
      };
      const log = await until('three attempts in the log', async () => {
        const answer = await alice.get<Deliveries>('/webhooks/deliveries', {
          query: { tenant_id: tenant, webhook_id: flaky.body.webhook_id },
        });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        return answer.body.deliveries.some((d) => d.success) ? answer.body.deliveries : undefined;
      });
      assert.deepEqual(
        log.map((d) => [d.attempt, d.status_code, d.success]),
        [
          [3, 200, true],
          [2, 500, false],
          [1, 500, false],
        ],
      );
      assert.equal(new Set(log.map((d) => d.delivery_id)).size, 1, 'one delivery, three attempts');
      const attempts = receiver.received.filter((r) => r.path === '/flaky');
      assert.equal(attempts.length, 3);

      const removed = await alice.delete<{ deleted: boolean }>('/webhooks/delete', {
        query: { tenant_id: tenant, webhook_id: flaky.body.webhook_id },
      });
      assert.equal(removed.status, 200, JSON.stringify(removed.body));
      const again = await alice.delete('/webhooks/delete', {
        query: { tenant_id: tenant, webhook_id: flaky.body.webhook_id },
      });
      assert.equal(again.status, 404);
    });

    it('refuses a webhook to a private address outside the allow-list with 422', async () => {
      for (const url of [
        'http://10.1.2.3/hook',
        'http://192.168.1.20:8080/hook',
        'http://[::ffff:10.0.0.1]/x',
        'http://localhost.:9/x',
      ]) {
        const refused = await alice.post<{ detail: { error_code: string; message: string } }>(
          '/webhooks/create',
          {
            json: { tenant_id: tenant, url, events: ['status.changed'] },
          },
        );
        // localhost resolves to 127.0.0.1 (allowed here) or ::1 (not): the allowed one may pass.
        if (url.includes('localhost') && refused.status === 200) continue;
        assert.equal(refused.status, 422, `${url}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.detail.error_code, 'VALIDATION_ERROR');
      }
      const badEvents = await alice.post<{ detail: { error_code: string } }>('/webhooks/create', {
        json: { tenant_id: tenant, url: receiver.url('/ok'), events: ['status.nope'] },
      });
      assert.equal(badEvents.status, 422);
    });
  });
}
