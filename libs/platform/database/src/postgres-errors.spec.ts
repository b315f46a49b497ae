import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { PostgresDatabase } from './postgres-database';
import { isUnavailableError, mapPostgresError } from './postgres-errors';

describe('PostgreSQL error mapping', () => {
  it('treats network failures, connection-class SQLSTATEs and shutdowns as unavailability', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', '08006', '57P01', '57P03', '53300']) {
      assert.equal(isUnavailableError(Object.assign(new Error('x'), { code })), true, code);
    }
    assert.equal(isUnavailableError(new Error('timeout exceeded when trying to connect')), true);
    assert.equal(isUnavailableError(new Error('Connection terminated unexpectedly')), true);
    const aggregate = new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], '');
    assert.equal(isUnavailableError(aggregate), true);
  });

  it('leaves statement errors alone', () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    assert.equal(isUnavailableError(unique), false);
    assert.equal(mapPostgresError(unique), unique);
    assert.equal(isUnavailableError('nope'), false);
  });

  it('names PostgreSQL in the SERVICE_UNAVAILABLE message', () => {
    const mapped = mapPostgresError(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    );
    assert.ok(mapped instanceof DomainError);
    assert.equal(mapped.code, 'SERVICE_UNAVAILABLE');
    assert.equal(mapped.message, 'PostgreSQL is unavailable: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('answers SERVICE_UNAVAILABLE when nothing listens at the URL', async () => {
    const db = await PostgresDatabase.connect('postgres://postgres@127.0.0.1:1/none', {
      connectionTimeoutMillis: 2000,
    });
    assert.equal(db.kind, 'postgres');
    for (const attempt of [() => db.ping(), () => db.transaction(async () => 1)]) {
      await assert.rejects(attempt(), (error: unknown) => {
        assert.ok(error instanceof DomainError);
        assert.equal(error.code, 'SERVICE_UNAVAILABLE');
        assert.match(error.message, /^PostgreSQL is unavailable: .*ECONNREFUSED/);
        return true;
      });
    }
    await db.close();
  });
});
