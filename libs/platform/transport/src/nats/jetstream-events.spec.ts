import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventRetryDelay } from './jetstream-event-consumer';
import { eventPattern, eventStreamName, eventSubject } from './jetstream-events';

describe('JetStream event names', () => {
  it('puts events under the prefix, apart from request subjects, and reads the pattern back', () => {
    const subject = eventSubject('trove', 'tenant.sub-tenant.deleted');
    assert.equal(subject, 'trove.events.tenant.sub-tenant.deleted');
    assert.equal(eventPattern('trove', subject), 'tenant.sub-tenant.deleted');
    assert.equal(eventPattern('other', subject), undefined);
    assert.equal(eventPattern('trove', 'trove.tenant.sub-tenant.deleted'), undefined);
  });

  it('names the stream after the prefix', () => {
    assert.equal(eventStreamName('trove'), 'trove-events');
    assert.equal(eventStreamName('e2e.a b'), 'e2e_a_b-events');
  });
});

describe('eventRetryDelay', () => {
  it('doubles from the base per failed attempt, up to the maximum', () => {
    const options = { retryBaseMs: 100, retryMaxMs: 1000 };
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((attempt) => eventRetryDelay(options, attempt)),
      [100, 200, 400, 800, 1000, 1000],
    );
    assert.equal(eventRetryDelay({}, 1), 1000);
    assert.equal(eventRetryDelay({}, 30), 60_000);
  });
});
