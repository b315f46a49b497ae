import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ItemStatusChangedEvent } from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { PgliteTenantStore } from '../adapters/sql/pglite-tenant-store';
import { PgliteWebhookStore } from '../adapters/sql/sql-webhook-store';
import { WebhookRecord } from '../ports/webhook-store';
import { WebhookDeliverer, webhookEventFor, webhookRetryDelay, WebhookBody } from './webhook-deliverer';
import { SendOutcome } from './webhook-sender';
import { verifyWebhookSignature } from './webhook-signature';

describe('webhook backoff', () => {
  it('doubles from the base delay up to the cap', () => {
    const policy = { retryBaseMs: 2000, retryMaxMs: 60_000 };
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7].map((attempt) => webhookRetryDelay(policy, attempt)),
      [2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000],
    );
  });

  it('delivers each status as the most specific type the webhook asked for', () => {
    assert.equal(webhookEventFor('completed', ['status.completed', 'status.changed']), 'status.completed');
    assert.equal(webhookEventFor('completed', ['status.changed']), 'status.changed');
    assert.equal(webhookEventFor('errored', ['status.completed']), undefined);
    assert.equal(webhookEventFor('processing', ['status.errored', 'status.changed']), 'status.changed');
    assert.equal(webhookEventFor('queued', ['status.completed', 'status.errored']), undefined);
  });
});

describe('WebhookDeliverer', () => {
  let db: PgliteDatabase;
  let store: PgliteWebhookStore;
  const webhook: WebhookRecord = {
    webhook_id: 'wh_00000000000000000000000000000001',
    tenant_id: 'acme',
    url: 'http://receiver.test/hook',
    events: ['status.completed'],
    secret: 'whsec_test',
    created_at: new Date(),
  };
  const event: ItemStatusChangedEvent = {
    tenant_id: 'acme',
    sub_tenant_id: 'acme',
    file_id: 'doc-1',
    status: 'completed',
    at: '2026-01-01T00:00:00.000Z',
  };

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    const tenants = new PgliteTenantStore(db);
    await tenants.migrate();
    await db.query("INSERT INTO tenant.owners (owner_id) VALUES ('o')");
    await db.query("INSERT INTO tenant.tenants (tenant_id, owner_id) VALUES ('acme', 'o')");
    store = new PgliteWebhookStore(db);
    assert.equal(await store.create(webhook, 10), true);
  });

  after(() => db.close());

  it('retries with backoff until a 2xx, signs every attempt, and logs each attempt', async () => {
    const answers = [500, 500, 200];
    const seen: { at: number; body: string; headers: Record<string, string> }[] = [];
    const poster = {
      post: (_url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> => {
        seen.push({ at: Date.now(), body, headers });
        return Promise.resolve({ status_code: answers.shift() ?? 200 });
      },
    };
    const deliverer = new WebhookDeliverer(store, poster, {
      maxAttempts: 5,
      retryBaseMs: 40,
      retryMaxMs: 1000,
      logSize: 100,
      concurrency: 2,
    });
    assert.equal(deliverer.enqueue(event, [webhook]), 1);
    await deliverer.idle();
    assert.equal(seen.length, 3);
    // 40 ms, then 80 ms: async-retry's schedule with factor 2.
    assert.ok(seen[1]!.at - seen[0]!.at >= 35, `first wait ${seen[1]!.at - seen[0]!.at} ms`);
    assert.ok(seen[2]!.at - seen[1]!.at >= 75, `second wait ${seen[2]!.at - seen[1]!.at} ms`);
    const ids = new Set(seen.map((s) => s.headers['trove-delivery']));
    assert.equal(ids.size, 1, 'one delivery id across its attempts');
    for (const s of seen) {
      assert.equal(
        verifyWebhookSignature('whsec_test', s.headers['trove-signature'], s.body, Date.now() / 1000),
        true,
      );
      const body = JSON.parse(s.body) as WebhookBody;
      assert.equal(body.type, 'status.completed');
      assert.deepEqual(body.data, event);
    }
    const log = await store.deliveries(webhook.webhook_id);
    assert.deepEqual(
      log.map((d) => [d.attempt, d.status_code, d.success]),
      [
        [3, 200, true],
        [2, 500, false],
        [1, 500, false],
      ],
    );
  });

  it('gives up after maxAttempts, and at once on a refused address; never delivers another tenant', async () => {
    let calls = 0;
    const failing = {
      post: (): Promise<SendOutcome> => {
        calls++;
        return Promise.resolve({ status_code: 503 });
      },
    };
    const policy = { maxAttempts: 3, retryBaseMs: 5, retryMaxMs: 10, logSize: 4, concurrency: 1 };
    const deliverer = new WebhookDeliverer(store, failing, policy);
    deliverer.enqueue({ ...event, at: '2026-01-01T00:00:01.000Z' }, [webhook]);
    deliverer.enqueue({ ...event, tenant_id: 'other' }, [webhook]);
    await deliverer.idle();
    assert.equal(calls, 3);
    assert.equal((await store.deliveries(webhook.webhook_id)).length, 4, 'the log keeps the newest logSize');

    let refusedCalls = 0;
    const refusing = {
      post: (): Promise<SendOutcome> => {
        refusedCalls++;
        return Promise.resolve({ error: 'not a public address', refused: true });
      },
    };
    const again = new WebhookDeliverer(store, refusing, policy);
    again.enqueue({ ...event, at: '2026-01-01T00:00:02.000Z' }, [webhook]);
    await again.idle();
    assert.equal(refusedCalls, 1);
  });
});
