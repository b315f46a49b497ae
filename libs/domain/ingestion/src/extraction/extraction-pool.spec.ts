import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ExtractionError } from './extraction-error';
import { ExtractionPool } from './extraction-pool';
import { makePdf } from '../testing/test-documents';

const MB = 1024 * 1024;

describe('ExtractionPool', () => {
  const pool = new ExtractionPool({ size: 2, timeoutMs: 20_000, maxHeapMb: 256 });
  after(() => pool.close());

  it('extracts documents in worker threads, several at once', async () => {
    const pdfs = await Promise.all([1, 2, 3, 4].map((n) => makePdf([[`Document number ${n}.`]])));
    const results = await Promise.all(pdfs.map((bytes) => pool.extract({ bytes, max_bytes: MB })));
    assert.deepEqual(
      results.map((r) => r.text),
      ['Document number 1.', 'Document number 2.', 'Document number 3.', 'Document number 4.'],
    );
  });

  it('carries the processing error code of a refused document back from the worker', async () => {
    await assert.rejects(
      pool.extract({ bytes: Buffer.from('%PDF-1.4 broken'), max_bytes: MB }),
      (error: unknown) => error instanceof ExtractionError && error.code === 'INVALID_FILE_FORMAT',
    );
  });

  it('stops an extraction over its time limit with EXTRACTION_TIMEOUT and keeps serving', async () => {
    const hurried = new ExtractionPool({ size: 1, timeoutMs: 1, maxHeapMb: 256 });
    try {
      const pdf = await makePdf([['Too slow for one millisecond (the worker must even load pdf.js).']]);
      await assert.rejects(
        hurried.extract({ bytes: pdf, max_bytes: MB }),
        (error: unknown) => error instanceof ExtractionError && error.code === 'EXTRACTION_TIMEOUT',
      );
    } finally {
      await hurried.close();
    }
    // The shared pool was not affected, and a pool whose worker was stopped starts a new one.
    const result = await pool.extract({ bytes: Buffer.from('still here'), max_bytes: MB });
    assert.equal(result.text, 'still here');
  });

  it('replaces a worker stopped for a timeout and serves the next document', async () => {
    const pool2 = new ExtractionPool({ size: 1, timeoutMs: 1, maxHeapMb: 256 });
    try {
      await assert.rejects(pool2.extract({ bytes: Buffer.from('a'), max_bytes: MB }));
      // Not enough time for a new worker either: each attempt times out on its own, none hangs.
      await assert.rejects(pool2.extract({ bytes: Buffer.from('b'), max_bytes: MB }));
    } finally {
      await pool2.close();
    }
  });

  it('refuses new work once closed', async () => {
    const closed = new ExtractionPool({ size: 1, timeoutMs: 1000, maxHeapMb: 64 });
    await closed.close();
    await assert.rejects(closed.extract({ bytes: Buffer.from('x'), max_bytes: MB }), /closed/);
  });
});
