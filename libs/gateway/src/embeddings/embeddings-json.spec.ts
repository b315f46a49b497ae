import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ParseOutcome, parseUpdateBody, parseUploadBody } from './embeddings-json';

const bytes = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const matrix = (rows: number, cols: number) =>
  Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => r + c / 10));

function refused(outcome: ParseOutcome<unknown>, code: string, field?: string | RegExp): void {
  assert.equal(outcome.ok, false, 'expected a refusal');
  if (outcome.ok) return;
  assert.equal(outcome.error.code, code, outcome.error.message);
  if (field !== undefined) {
    const named = outcome.error.details?.errors?.[0]?.field ?? '';
    if (field instanceof RegExp) assert.match(named, field);
    else assert.equal(named, field);
  }
}

describe('upload_embeddings body', () => {
  it('takes ints and floats row after row as float32, with or without a file_id', () => {
    const outcome = parseUploadBody(
      bytes({
        embeddings: [
          [1, 2.5],
          [-3, 4e-3],
        ],
        file_id: 'batch-1',
      }),
    );
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.value.rows, 2);
    assert.deepEqual(outcome.value.dimension, 2);
    assert.deepEqual([...outcome.value.vectors], [...Float32Array.of(1, 2.5, -3, 4e-3)]);
    assert.equal(outcome.value.file_id, 'batch-1');
    for (const fileId of [undefined, null, '']) {
      const generated = parseUploadBody(bytes({ embeddings: [[1]], file_id: fileId }));
      assert.ok(generated.ok && generated.value.file_id === null);
    }
  });

  it('accepts exactly 2000 rows and 3024 columns, refuses 2001 rows and 3025 columns', () => {
    assert.ok(parseUploadBody(bytes({ embeddings: matrix(2000, 3) })).ok);
    assert.ok(parseUploadBody(bytes({ embeddings: matrix(2, 3024) })).ok);
    refused(parseUploadBody(bytes({ embeddings: matrix(2001, 3) })), 'TOO_MANY_ROWS');
    refused(parseUploadBody(bytes({ embeddings: matrix(2, 3025) })), 'INVALID_PARAMETERS', 'embeddings[0]');
  });

  it('refuses empty, ragged, non-numeric and out-of-range values with the field named', () => {
    refused(parseUploadBody(bytes({ embeddings: [] })), 'VALIDATION_ERROR', 'embeddings');
    refused(parseUploadBody(bytes({ embeddings: [[]] })), 'VALIDATION_ERROR', 'embeddings[0]');
    refused(parseUploadBody(bytes({ embeddings: [[1, 2], [3]] })), 'VALIDATION_ERROR', 'embeddings[1]');
    refused(parseUploadBody(bytes({ embeddings: [[1, 2], 3] })), 'VALIDATION_ERROR', 'embeddings[1]');
    refused(parseUploadBody(bytes({ embeddings: [[1, '2']] })), 'VALIDATION_ERROR', 'embeddings[0][1]');
    refused(parseUploadBody(bytes({ embeddings: [[1, null]] })), 'VALIDATION_ERROR', 'embeddings[0][1]');
    refused(parseUploadBody(bytes({ embeddings: [[1, 1e39]] })), 'VALIDATION_ERROR', 'embeddings[0][1]');
    refused(parseUploadBody(bytes('{"embeddings": [[1, NaN]]}')), 'VALIDATION_ERROR');
    refused(parseUploadBody(bytes({ embeddings: [1, 2] })), 'VALIDATION_ERROR', 'embeddings[0]');
    refused(parseUploadBody(bytes({ embeddings: 'x' })), 'VALIDATION_ERROR', 'embeddings');
    refused(parseUploadBody(bytes({})), 'VALIDATION_ERROR', 'embeddings');
  });

  it('refuses a bad file_id, unknown fields, non-objects and invalid JSON', () => {
    refused(parseUploadBody(bytes({ embeddings: [[1]], file_id: 'a b' })), 'VALIDATION_ERROR', 'file_id');
    refused(parseUploadBody(bytes({ embeddings: [[1]], file_id: 7 })), 'VALIDATION_ERROR', 'file_id');
    refused(parseUploadBody(bytes({ embeddings: [[1]], extra: true })), 'VALIDATION_ERROR', 'extra');
    refused(
      parseUploadBody(bytes('{"embeddings":[[1]],"__proto__":{"x":1}}')),
      'VALIDATION_ERROR',
      '__proto__',
    );
    refused(parseUploadBody(bytes([[1]])), 'VALIDATION_ERROR');
    refused(parseUploadBody(bytes('{"embeddings": [[1]')), 'VALIDATION_ERROR');
  });
});

describe('update_embeddings body', () => {
  it('takes chunk id → vector entries in order', () => {
    const outcome = parseUpdateBody(bytes({ embeddings: { f_0: [1, 2], f_1: [3, 4] } }));
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.value.chunk_ids, ['f_0', 'f_1']);
    assert.deepEqual([...outcome.value.vectors], [1, 2, 3, 4]);
  });

  it('accepts 2000 entries, refuses 2001, empty, ragged and non-object bodies', () => {
    const entries = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`f_${i}`, [1, i]]));
    assert.ok(parseUpdateBody(bytes({ embeddings: entries(2000) })).ok);
    refused(parseUpdateBody(bytes({ embeddings: entries(2001) })), 'TOO_MANY_ROWS');
    refused(parseUpdateBody(bytes({ embeddings: {} })), 'VALIDATION_ERROR', 'embeddings');
    refused(
      parseUpdateBody(bytes({ embeddings: { f_0: [1, 2], f_1: [3] } })),
      'VALIDATION_ERROR',
      'embeddings.f_1',
    );
    refused(parseUpdateBody(bytes({ embeddings: [[1]] })), 'VALIDATION_ERROR', 'embeddings');
    refused(parseUpdateBody(bytes({ embeddings: { f_0: [Array(3025).fill(1)] } })), 'VALIDATION_ERROR');
    refused(parseUpdateBody(bytes({ embeddings: { f_0: Array(3025).fill(1) } })), 'INVALID_PARAMETERS');
  });
});
