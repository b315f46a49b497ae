import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IndexChunksRequest } from '@trove/contracts';
import { indexRounds } from './index-rounds';

function request(tenant: string, sourceId: string, chunkIds: string[], sub = tenant): IndexChunksRequest {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    tenant_id: tenant,
    sub_tenant_id: sub,
    source: { source_id: sourceId, source_type: 'memory', created_at: at, updated_at: at },
    chunks: chunkIds.map((id, position) => ({
      chunk_uuid: id,
      position,
      text: id,
      start: 0,
      kind: 'original',
    })),
  };
}

describe('indexRounds', () => {
  it('keeps a batch without repeats in one round, in order', () => {
    assert.deepEqual(indexRounds([request('t', 'a', ['a_0']), request('t', 'b', ['b_0', 'b_1'])]), [[0, 1]]);
    assert.deepEqual(indexRounds([]), []);
  });

  it('moves a repeated source, or a repeated chunk id, to a round after the one it repeats', () => {
    const rounds = indexRounds([
      request('t', 'a', ['a_0']),
      request('t', 'b', ['x']),
      request('t', 'a', ['a_0']), // source a again
      request('t', 'c', ['x']), // chunk x again
      request('t', 'd', ['d_0']),
      request('t', 'a', ['a_9']), // source a a third time
    ]);
    assert.deepEqual(rounds, [[0, 1, 4], [2, 3], [5]]);
  });

  it('counts repeats per scope only: the same ids in other tenants or sub-tenants do not clash', () => {
    const rounds = indexRounds([
      request('t', 'a', ['a_0']),
      request('u', 'a', ['a_0']),
      request('t', 'a', ['a_0'], 'team'),
    ]);
    assert.deepEqual(rounds, [[0, 1, 2]]);
  });
});
