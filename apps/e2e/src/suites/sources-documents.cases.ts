import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SearchResult } from '@trove/contracts';
import { expectError } from './expect-error';
import {
  articleHtml,
  FileToUpload,
  makeDocx,
  makePdf,
  uploadDocument,
  verifyProcessing,
  waitForProcessing,
} from './sources-fixtures';
import { fetchSource, listById, SourceRecord } from './sources-http';
import type { SourcesContext } from './sources.suite';

const ORDER = ['queued', 'processing', 'graph_creation', 'completed'];
const fromBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

interface FormatCase {
  id: string;
  file: FileToUpload;
  /** A word only this document holds. */
  word: string;
  check: (record: SourceRecord) => void;
}

async function formatCases(): Promise<FormatCase[]> {
  const csv = 'name,role\nAda,falconer of Thrumbleby\nGrace,admiral\n';
  const html = articleHtml('Tidepool survey', ['The brindlewort anemone glows at dusk along the tidepool.']);
  return [
    {
      id: 'fmt-text',
      file: {
        bytes: 'Plain notes about the zephyrine lighthouse keeper.\n',
        name: 'notes.txt',
        type: 'text/plain',
      },
      word: 'zephyrine',
      check: (r) => assert.match(r.content.text, /zephyrine lighthouse keeper/),
    },
    {
      id: 'fmt-md',
      file: {
        bytes: '# Glaciers\n\nMarkdown about **quorvian** glaciers.\n',
        name: 'readme.md',
        type: 'text/markdown',
      },
      word: 'quorvian',
      check: (r) => assert.match(r.content.markdown, /\*\*quorvian\*\* glaciers/),
    },
    {
      id: 'fmt-html',
      file: { bytes: html, name: 'page.html', type: 'text/html' },
      word: 'brindlewort',
      check: (r) => {
        assert.match(r.content.text, /brindlewort anemone/);
        assert.doesNotMatch(r.content.text, /© Example/, 'page chrome is not indexed');
        assert.match(fromBase64(r.content.html_base64), /<article><h1>Tidepool survey/);
      },
    },
    {
      id: 'fmt-csv',
      file: { bytes: csv, name: 'people.csv', type: 'text/csv' },
      word: 'Thrumbleby',
      check: (r) => {
        assert.equal(fromBase64(r.content.csv_base64), csv);
        assert.match(r.content.text, /Thrumbleby/);
      },
    },
    {
      id: 'fmt-pdf',
      file: {
        bytes: await makePdf([
          ['The vellichor archive opened in 1904.'],
          ['A second page about the saltmarsh.'],
        ]),
        name: 'report.pdf',
        type: 'application/pdf',
      },
      word: 'vellichor',
      check: (r) => assert.match(r.content.text, /vellichor archive[\s\S]*saltmarsh/),
    },
    {
      id: 'fmt-docx',
      file: {
        bytes: await makeDocx('Minutes', ['The grinlow committee approved the budget.']),
        name: 'minutes.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      word: 'grinlow',
      check: (r) => assert.match(r.content.text, /grinlow committee approved/),
    },
  ];
}

/** Uploads, processing, status, replace by id and fetch of documents. */
export function documentCases(ctx: SourcesContext): void {
  const search = (query: string, sub_tenant_id?: string) =>
    ctx.alice.post<SearchResult>('/search/full-text-search', {
      json: { tenant_id: ctx.tenant, sub_tenant_id, query, max_chunks: 50 },
    });
  const sourcesFound = async (query: string) => {
    const result = await search(query);
    assert.equal(result.status, 200, JSON.stringify(result.body));
    return result.body.chunks.map((c) => c.source_id);
  };
  const processed = async (file_id: string) =>
    (await waitForProcessing(ctx.alice, { tenant_id: ctx.tenant, file_id })).final;

  it('ingests text, Markdown, HTML, CSV, PDF and DOCX: completed, recorded and searchable', async () => {
    const cases = await formatCases();
    for (const c of cases) {
      const fields = { tenant_id: ctx.tenant, file_id: c.id, metadata: JSON.stringify({ format: c.id }) };
      const accepted = await uploadDocument(ctx.alice, fields, c.file);
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.deepEqual(
        {
          file_id: accepted.body.file_id,
          source_id: accepted.body.source_id,
          success: accepted.body.success,
        },
        { file_id: c.id, source_id: c.id, success: true },
      );
    }
    for (const c of cases) {
      const final = await processed(c.id);
      assert.equal(final.indexing_status, 'completed', `${c.id}: ${JSON.stringify(final)}`);
    }
    const listed = await listById(
      ctx.alice,
      ctx.tenant,
      cases.map((c) => c.id),
    );
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual(
      listed.body.sources.map((s) => s.id),
      cases.map((c) => c.id),
    );
    for (const [i, c] of cases.entries()) {
      const record = listed.body.sources[i]!;
      assert.equal(record.tenant_id, ctx.tenant);
      assert.equal(record.sub_tenant_id, ctx.tenant);
      assert.equal(record.type, 'document');
      assert.ok(record.title.length > 0, `${c.id} has a title`);
      assert.ok(!Number.isNaN(Date.parse(record.timestamp)), record.timestamp);
      assert.deepEqual(record.document_metadata, { format: c.id });
      assert.equal(record.content.files[0]?.file_name, c.file.name);
      c.check(record);
      assert.ok((await sourcesFound(c.word)).includes(c.id), `search for ${c.word} finds ${c.id}`);
    }
  });

  it('reports status in order (queued → processing → graph_creation → completed) and 404 for unknown ids', async () => {
    const accepted = await uploadDocument(
      ctx.alice,
      { tenant_id: ctx.tenant, file_id: 'status-walk', title: 'Status walk' },
      { bytes: 'A short note on the ptarmigan moult.', name: 'walk.txt' },
    );
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const { final, seen } = await waitForProcessing(ctx.alice, {
      tenant_id: ctx.tenant,
      file_id: 'status-walk',
    });
    assert.equal(final.indexing_status, 'completed', JSON.stringify(final));
    assert.equal(final.success, true);
    const positions = seen.map((s) => ORDER.indexOf(s));
    assert.ok(
      positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!)),
      seen.join(' → '),
    );
    expectError(
      await verifyProcessing(ctx.alice, { tenant_id: ctx.tenant, file_id: 'never-uploaded' }),
      404,
      'FILE_NOT_FOUND',
    );
  });

  it('ends unreadable files errored with a precise error_code', async () => {
    const bad: [string, FileToUpload, string][] = [
      ['bad-pdf', { bytes: '%PDF-1.7\nthis is not really a PDF', name: 'broken.pdf' }, 'INVALID_FILE_FORMAT'],
      [
        'bad-image',
        { bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), name: 'photo.png' },
        'UNSUPPORTED_FILE_TYPE',
      ],
      ['bad-empty', { bytes: '', name: 'empty.txt' }, 'EMPTY_CONTENT'],
    ];
    for (const [file_id, file] of bad) {
      assert.equal((await uploadDocument(ctx.alice, { tenant_id: ctx.tenant, file_id }, file)).status, 200);
    }
    for (const [file_id, , code] of bad) {
      const final = await processed(file_id);
      assert.equal(final.indexing_status, 'errored', JSON.stringify(final));
      assert.equal(final.error_code, code, JSON.stringify(final));
    }
  });

  it('takes a file over the 1 MiB message limit whole, and gives it back byte for byte', async () => {
    const line = 'The long ledger of the harbourmaster records every tide and every ship. ';
    const text = `${line.repeat(Math.ceil(1_200_000 / line.length))}Final entry: the ossifrage returned.`;
    const accepted = await uploadDocument(
      ctx.alice,
      { tenant_id: ctx.tenant, file_id: 'big-ledger' },
      { bytes: text, name: 'ledger.txt' },
    );
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await processed('big-ledger')).indexing_status, 'completed');
    const fetched = await fetchSource(ctx.alice, { tenant_id: ctx.tenant, source_id: 'big-ledger' });
    assert.equal(fetched.status, 200);
    assert.equal(fetched.body.size_bytes, Buffer.byteLength(text));
    assert.ok(fetched.body.content === text, 'content differs');
    assert.ok((await sourcesFound('ossifrage')).includes('big-ledger'));
  });

  it('replaces a document uploaded again with the same file_id, everywhere, idempotently', async () => {
    const put = async (text: string) => {
      const accepted = await uploadDocument(
        ctx.alice,
        { tenant_id: ctx.tenant, file_id: 'replace-me', title: 'Replace me' },
        { bytes: text, name: 'r.txt' },
      );
      assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
      assert.equal((await processed('replace-me')).indexing_status, 'completed');
    };
    await put('The first version talks about the marmoset colony.');
    assert.ok((await sourcesFound('marmoset')).includes('replace-me'));
    await put('The second version talks about the quokka burrow.');
    assert.ok(!(await sourcesFound('marmoset')).includes('replace-me'), 'old chunks are gone');
    const once = (await sourcesFound('quokka')).filter((id) => id === 'replace-me').length;
    assert.equal(once, 1);
    await put('The second version talks about the quokka burrow.');
    assert.equal((await sourcesFound('quokka')).filter((id) => id === 'replace-me').length, once);
    const listed = await listById(ctx.alice, ctx.tenant, ['replace-me']);
    assert.equal(listed.body.sources.length, 1);
    assert.match(listed.body.sources[0]!.content.text, /quokka/);
    const fetched = await fetchSource(ctx.alice, { tenant_id: ctx.tenant, source_id: 'replace-me' });
    assert.equal(fetched.body.content, 'The second version talks about the quokka burrow.');
  });
}
