import { DomainError, SearchPatterns } from '@trove/contracts';
import { noResponderError, timeoutError } from '@trove/platform-transport';
import { RecordingTransportClient } from '@trove/testing';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExtractedContent, SourceRecord } from '../ports/source-store';
import { ChunkIndexer, indexTimeoutMs } from './chunk-indexer';

const source: SourceRecord = {
  tenant_id: 't',
  sub_tenant_id: 's',
  source_id: 'doc',
  type: 'document',
  title: '',
  description: '',
  note: '',
  url: '',
  file_name: 'doc.txt',
  mime_type: 'text/plain',
  content_type: 'text/plain',
  size_bytes: 10,
  has_blob: true,
  document_metadata: {},
  tenant_metadata: {},
  extracted_title: '',
  format: 'text',
  text: '',
  markdown: '',
  page_count: null,
  revision: 1,
  created_at: new Date(0),
  updated_at: new Date(0),
  status: 'processing',
  chunks_total: 0,
};
const content: ExtractedContent = {
  extracted_title: '',
  format: 'text',
  text: '',
  markdown: '',
  page_count: null,
  content_type: 'text/plain',
};
const chunks = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `chunk ${i}`, start: i * 8 }));

describe('ChunkIndexer: the time a source is given', () => {
  const options = { timeoutMs: 300_000, baseTimeoutMs: 30_000, perChunkTimeoutMs: 200 };

  it('gives a small source the base, not the largest source’s allowance', async () => {
    // A search service killed while holding the request never answers: the job is retried when
    // this runs out, so a one-chunk note must not wait the 5 minutes a huge document may take.
    const transport = new RecordingTransportClient().respond(SearchPatterns.indexChunks, () => ({
      indexed: 1,
      model_id: 'm',
    }));
    await new ChunkIndexer(transport, options).index(source, content, chunks(1));
    assert.equal(transport.sent[0]?.options?.timeoutMs, 30_200);
  });

  it('counts an index call that ran out of time as a failed attempt, and passes an outage on', async () => {
    // "Not running" is an outage (the queue waits it out); running out of time is the source's
    // own failure, which must count, or a source that never fits its time is tried forever.
    const timedOut = new RecordingTransportClient().respond(SearchPatterns.indexChunks, () => {
      throw timeoutError(SearchPatterns.indexChunks, 30_200);
    });
    await assert.rejects(
      new ChunkIndexer(timedOut, options).index(source, content, chunks(1)),
      (error: unknown) =>
        !(error instanceof DomainError) && /did not finish within 30200 ms/.test(String(error)),
    );
    const down = new RecordingTransportClient().respond(SearchPatterns.indexChunks, () => {
      throw noResponderError(SearchPatterns.indexChunks);
    });
    await assert.rejects(
      new ChunkIndexer(down, options).index(source, content, chunks(1)),
      (error: unknown) => error instanceof DomainError && error.code === 'SERVICE_UNAVAILABLE',
    );
  });

  it('grows with the chunks and stops at the cap', () => {
    assert.equal(indexTimeoutMs(100, options), 50_000);
    assert.equal(indexTimeoutMs(5_000, options), 300_000);
    assert.equal(indexTimeoutMs(0, { timeoutMs: 1234 }), 1234);
  });
});
