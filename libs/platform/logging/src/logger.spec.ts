import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Writable } from 'node:stream';
import { createLogger } from './logger';
import { RequestContext } from './request-context';

/** A logger writing into an array, one parsed JSON object per line. */
function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logger: createLogger({ name: 'logger-test', level, destination }), lines };
}

describe('createLogger', () => {
  it('writes structured JSON lines with name, level, time and message', () => {
    const { logger, lines } = capture();
    logger.info({ count: 3 }, 'indexed');
    assert.equal(lines.length, 1);
    const [line] = lines;
    assert.equal(line!['name'], 'logger-test');
    assert.equal(line!['level'], 30);
    assert.equal(line!['msg'], 'indexed');
    assert.equal(line!['count'], 3);
    assert.equal(line!['pid'], process.pid);
    assert.ok(!Number.isNaN(Date.parse(String(line!['time']))), 'time is not an ISO timestamp');
  });

  it('respects the level', () => {
    const { logger, lines } = capture('warn');
    logger.info('hidden');
    logger.warn('shown');
    assert.deepEqual(
      lines.map((l) => l['msg']),
      ['shown'],
    );
  });

  it('adds request_id and tenant_id to a line logged inside a request context, across awaits', async () => {
    const { logger, lines } = capture();
    await RequestContext.run({ requestId: 'req-42', tenantId: 'tenant-7' }, async () => {
      logger.info('before');
      await new Promise((resolve) => setImmediate(resolve));
      logger.info('after');
    });
    assert.deepEqual(
      lines.map((l) => [l['msg'], l['request_id'], l['tenant_id']]),
      [
        ['before', 'req-42', 'tenant-7'],
        ['after', 'req-42', 'tenant-7'],
      ],
    );
  });

  it('adds the tenant once it is known, and nothing outside any request', () => {
    const { logger, lines } = capture();
    RequestContext.run({ requestId: 'req-43' }, () => {
      logger.info('anonymous');
      RequestContext.setTenant('tenant-8');
      logger.info('known');
    });
    logger.info('outside');
    assert.equal(lines[0]!['request_id'], 'req-43');
    assert.equal('tenant_id' in lines[0]!, false);
    assert.equal(lines[1]!['tenant_id'], 'tenant-8');
    assert.equal('request_id' in lines[2]!, false);
    assert.equal('tenant_id' in lines[2]!, false);
  });

  it('redacts authorization, apiKey and full_api_key wherever the logger looks for them', () => {
    const { logger, lines } = capture();
    const secret = 'trove_sk_live_0123456789abcdef';
    logger.info({ authorization: `Bearer ${secret}` }, 'top-level header');
    logger.info({ headers: { authorization: `Bearer ${secret}`, 'x-request-id': 'r1' } }, 'headers');
    logger.info({ req: { headers: { authorization: `Bearer ${secret}` }, url: '/v1/items' } }, 'req');
    logger.info({ apiKey: secret }, 'api key');
    logger.info({ body: { apiKey: secret } }, 'nested api key');
    logger.info({ full_api_key: secret }, 'issued key');
    logger.info({ result: { full_api_key: secret, key_id: 'k1' } }, 'nested issued key');
    logger.info({ password: secret, user: { password: secret } }, 'passwords');

    assert.equal(lines.length, 8);
    for (const line of lines) {
      assert.equal(JSON.stringify(line).includes(secret), false, `leaked in "${String(line['msg'])}"`);
    }
    assert.equal(lines[0]!['authorization'], '[redacted]');
    assert.deepEqual(lines[1]!['headers'], { authorization: '[redacted]', 'x-request-id': 'r1' });
    assert.deepEqual(lines[2]!['req'], { headers: { authorization: '[redacted]' }, url: '/v1/items' });
    assert.equal(lines[3]!['apiKey'], '[redacted]');
    assert.deepEqual(lines[4]!['body'], { apiKey: '[redacted]' });
    assert.equal(lines[5]!['full_api_key'], '[redacted]');
    assert.deepEqual(lines[6]!['result'], { full_api_key: '[redacted]', key_id: 'k1' });
  });
});
