import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ItemStatusChangedEvent } from '@trove/contracts';
import { PgliteDatabase } from '@trove/platform-database';
import { AddressGuard } from '@trove/platform-http';
import { PgliteTenantStore } from '../adapters/sql/pglite-tenant-store';
import { PgliteWebhookStore } from '../adapters/sql/sql-webhook-store';
import { WebhookRecord } from '../ports/webhook-store';
import { WebhookBody, WebhookDeliverer } from './webhook-deliverer';
import { SendOutcome } from './webhook-sender';
import { WebhookService } from './webhook.service';

/** The real PGlite webhook store, counting the reads of each tenant's webhook list. */
class CountingWebhookStore extends PgliteWebhookStore {
  readonly lists = new Map<string, number>();

  override list(tenantId: string): Promise<WebhookRecord[]> {
    this.lists.set(tenantId, (this.lists.get(tenantId) ?? 0) + 1);
    return super.list(tenantId);
  }
}

function webhook(n: number, tenantId: string): WebhookRecord {
  return {
    webhook_id: `wh_${String(n).padStart(32, '0')}`,
    tenant_id: tenantId,
    url: `http://receiver.test/${tenantId}/${n}`,
    events: ['status.changed'],
    secret: 'whsec_test',
    created_at: new Date(),
  };
}

describe('WebhookService status events', () => {
  let db: PgliteDatabase;
  let store: CountingWebhookStore;
  let posted: { url: string; body: WebhookBody }[];
  let service: WebhookService;
  let deliverer: WebhookDeliverer;

  const event = (tenantId: string, fileId: string): ItemStatusChangedEvent => ({
    tenant_id: tenantId,
    sub_tenant_id: tenantId,
    file_id: fileId,
    status: 'completed',
    at: new Date().toISOString(),
  });

  before(async () => {
    db = await PgliteDatabase.open('memory://');
    await new PgliteTenantStore(db).migrate();
    await db.query("INSERT INTO tenant.owners (owner_id) VALUES ('o')");
    await db.query("INSERT INTO tenant.tenants (tenant_id, owner_id) VALUES ('acme', 'o'), ('globex', 'o')");
    store = new CountingWebhookStore(db);
    assert.equal(await store.create(webhook(1, 'acme'), 10), true);
    assert.equal(await store.create(webhook(2, 'globex'), 10), true);
    posted = [];
    const poster = {
      post: (url: string, body: string): Promise<SendOutcome> => {
        posted.push({ url, body: JSON.parse(body) as WebhookBody });
        return Promise.resolve({ status_code: 200 });
      },
    };
    const policy = { maxAttempts: 1, retryBaseMs: 1, retryMaxMs: 1, logSize: 100, concurrency: 4 };
    deliverer = new WebhookDeliverer(store, poster, policy);
    service = new WebhookService(store, deliverer, new AddressGuard(), { maxPerTenant: 10 });
  });

  after(() => db.close());

  it("reads a tenant's webhooks once for the events of one turn, and delivers every event", async () => {
    store.lists.clear();
    posted.length = 0;
    const files = Array.from({ length: 10 }, (_, i) => `m${i}`);
    await Promise.all([
      ...files.map((file) => service.onStatusChanged(event('acme', file))),
      service.onStatusChanged(event('globex', 'g0')),
    ]);
    await deliverer.idle();
    assert.deepEqual(Object.fromEntries(store.lists), { acme: 1, globex: 1 });
    const acme = posted.filter((p) => p.body.data.tenant_id === 'acme');
    assert.deepEqual(acme.map((p) => p.body.data.file_id).sort(), [...files].sort());
    assert.ok(
      acme.every((p) => p.url === 'http://receiver.test/acme/1'),
      'only acme’s webhook',
    );
    assert.deepEqual(
      posted.filter((p) => p.body.data.tenant_id === 'globex').map((p) => p.url),
      ['http://receiver.test/globex/2'],
    );
  });

  it('gives an event of a later turn a read of its own, which sees a webhook created meanwhile', async () => {
    store.lists.clear();
    posted.length = 0;
    await service.onStatusChanged(event('acme', 'before'));
    assert.equal(await store.create(webhook(3, 'acme'), 10), true);
    await service.onStatusChanged(event('acme', 'after'));
    await deliverer.idle();
    assert.equal(store.lists.get('acme'), 2);
    assert.deepEqual(posted.map((p) => `${p.body.data.file_id} → ${p.url}`).sort(), [
      'after → http://receiver.test/acme/1',
      'after → http://receiver.test/acme/3',
      'before → http://receiver.test/acme/1',
    ]);
  });

  it('fails every event that shared a read the store could not answer, and reads again after', async () => {
    const flaky = new CountingWebhookStore(db);
    let down = true;
    flaky.list = (tenantId: string) =>
      down
        ? Promise.reject(new Error('store down'))
        : CountingWebhookStore.prototype.list.call(flaky, tenantId);
    const service2 = new WebhookService(flaky, deliverer, new AddressGuard(), { maxPerTenant: 10 });
    const outcomes = await Promise.allSettled([
      service2.onStatusChanged(event('acme', 'x1')),
      service2.onStatusChanged(event('acme', 'x2')),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['rejected', 'rejected'],
    );
    down = false;
    posted.length = 0;
    await service2.onStatusChanged(event('acme', 'x3'));
    await deliverer.idle();
    assert.deepEqual(
      posted.map((p) => p.body.data.file_id),
      ['x3', 'x3'],
    );
  });
});
