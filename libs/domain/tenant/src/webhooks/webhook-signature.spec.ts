import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { generateWebhookSecret, signWebhook, verifyWebhookSignature } from './webhook-signature';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"type":"status.completed","data":{"file_id":"a"}}';

  it('signs "<t>.<body>" with HMAC-SHA256 under the secret, as t=…,v1=<hex>', () => {
    const header = signWebhook(secret, body, 1_700_000_000.9);
    const hex = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    assert.equal(header, `t=1700000000,v1=${hex}`);
  });

  it('verifies its own signature within the tolerance', () => {
    const header = signWebhook(secret, body, 1000);
    assert.equal(verifyWebhookSignature(secret, header, body, 1000), true);
    assert.equal(verifyWebhookSignature(secret, header, body, 1299, 300), true);
  });

  it('refuses another body, another secret, an old timestamp and malformed headers', () => {
    const header = signWebhook(secret, body, 1000);
    assert.equal(verifyWebhookSignature(secret, header, body + ' ', 1000), false);
    assert.equal(verifyWebhookSignature('whsec_other', header, body, 1000), false);
    assert.equal(verifyWebhookSignature(secret, header, body, 1301, 300), false);
    assert.equal(verifyWebhookSignature(secret, undefined, body, 1000), false);
    assert.equal(verifyWebhookSignature(secret, 't=1000', body, 1000), false);
    assert.equal(verifyWebhookSignature(secret, `v1=${'0'.repeat(64)}`, body, 1000), false);
    // A timestamp changed under a valid v1 fails: the time is signed too.
    assert.equal(verifyWebhookSignature(secret, header.replace('t=1000', 't=1001'), body, 1000), false);
  });

  it('generates distinct secrets with a recognisable prefix', () => {
    const a = generateWebhookSecret();
    assert.match(a, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(a, generateWebhookSecret());
  });
});
