import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { extractDocument, ExtractionInput } from './extract-document';
import { ExtractionError } from './extraction-error';
import { makeDocx, makeEncryptedPdf, makePdf } from '../testing/test-documents';

const MB = 1024 * 1024;

function input(bytes: Uint8Array | string, file_name?: string, mime_type?: string): ExtractionInput {
  return {
    bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    file_name,
    mime_type,
    max_bytes: 10 * MB,
  };
}

async function refusal(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error: unknown) {
    assert.ok(error instanceof ExtractionError, `expected ExtractionError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the extraction to be refused');
}

/** A ZIP with one stored entry (enough to look like an archive, not a DOCX). */
function zipWith(name: string, content: string): Uint8Array {
  const data = deflateRawSync(Buffer.from(content));
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

describe('extractDocument', () => {
  it('reads plain text, normalising line endings, and detects it without a name', async () => {
    const result = await extractDocument(input('First line.\r\nSecond line.  \r\n'));
    assert.equal(result.format, 'text');
    assert.equal(result.text, 'First line.\nSecond line.');
    assert.equal(result.content_type, 'text/plain; charset=utf-8');
  });

  it('decodes UTF-16 with a BOM and falls back to Windows-1252 for non-UTF-8 text', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Köln', 'utf16le')]);
    assert.equal((await extractDocument(input(utf16, 'a.txt'))).text, 'Grüße aus Köln');
    const latin = Buffer.from('café crème', 'latin1');
    assert.equal((await extractDocument(input(latin, 'a.txt'))).text, 'café crème');
  });

  it('keeps Markdown as both text and markdown', async () => {
    const md = '# Title\n\nSome *emphasis* and a [link](http://x).\n';
    const result = await extractDocument(input(md, 'notes.md'));
    assert.equal(result.format, 'markdown');
    assert.equal(result.markdown, md);
    assert.match(result.text, /^# Title/);
  });

  it('extracts the readable part of HTML as text and Markdown, with the page title', async () => {
    const body = 'Trove keeps documents searchable by keyword and by meaning. '.repeat(12);
    const html = `<!doctype html><html><head><title>Trove notes</title><style>.x{color:red}</style></head>
      <body><nav>Home · About · Contact</nav><article><h1>Why Trove</h1><p>${body}</p>
      <p>Second paragraph with <b>bold</b> text.</p></article><script>alert(1)</script>
      <footer>Copyright footer</footer></body></html>`;
    const result = await extractDocument(input(html));
    assert.equal(result.format, 'html');
    assert.equal(result.title, 'Trove notes');
    assert.match(result.text, /Why Trove\n\nTrove keeps documents/);
    assert.match(result.text, /Second paragraph with bold text\./);
    assert.doesNotMatch(result.text, /alert|color:red|Copyright footer|Contact/);
    assert.match(result.markdown ?? '', /## Why Trove|# Why Trove/);
    assert.match(result.markdown ?? '', /\*\*bold\*\*/);
  });

  it('keeps the whole body of HTML that is not an article', async () => {
    const result = await extractDocument(
      input('<html><body><p>Tiny page</p><ul><li>one</li><li>two</li></ul></body></html>', 'p.html'),
    );
    assert.equal(result.text, 'Tiny page\n\none\n\ntwo');
    assert.match(result.markdown ?? '', /-\s+one\n-\s+two/);
  });

  it('reads an HTML fragment without html or body tags (a form field), declared as HTML', async () => {
    const doc = await extractDocument({
      bytes: Buffer.from('<p>Guillemots nest on <b>cliffs</b>.</p>'),
      mime_type: 'text/html',
      max_bytes: 1e6,
    });
    assert.equal(doc.format, 'html');
    assert.match(doc.text, /Guillemots nest on cliffs\./);
  });

  it('turns CSV rows into self-describing lines and a Markdown table', async () => {
    const csv = 'name,city,age\nAda,"London, UK",36\nGrace,Arlington,85\n\n';
    const result = await extractDocument(input(csv, 'people.csv'));
    assert.equal(result.format, 'csv');
    assert.equal(result.text, 'name: Ada; city: London, UK; age: 36\nname: Grace; city: Arlington; age: 85');
    assert.equal(
      result.markdown,
      '| name | city | age |\n| --- | --- | --- |\n| Ada | London, UK | 36 |\n| Grace | Arlington | 85 |',
    );
  });

  it('extracts every page of a PDF and its title, whatever the file is called', async () => {
    const pdf = await makePdf(
      [['Quarterly report.', 'Revenue grew by 12 percent.'], ['Page two: outlook.']],
      'Q3 Report',
    );
    const result = await extractDocument(input(pdf, 'upload.bin', 'application/octet-stream'));
    assert.equal(result.format, 'pdf');
    assert.equal(result.content_type, 'application/pdf');
    assert.equal(result.title, 'Q3 Report');
    assert.equal(result.page_count, 2);
    assert.match(result.text, /Quarterly report\.\s*Revenue grew by 12 percent\.\n\nPage two: outlook\./);
  });

  it('extracts a DOCX with its heading, paragraphs and table', async () => {
    const docx = await makeDocx('Design notes', ['The gateway only does HTTP.', 'Services own their data.']);
    const result = await extractDocument(input(docx, 'design.docx'));
    assert.equal(result.format, 'docx');
    assert.match(result.text, /^Design notes\n\nThe gateway only does HTTP\.\n\nServices own their data\./);
    assert.match(result.text, /Name\tRole|Name\s+Role/);
    assert.match(result.markdown ?? '', /^# Design notes/);
  });

  it('refuses a corrupt PDF with INVALID_FILE_FORMAT', async () => {
    const error = await refusal(extractDocument(input('%PDF-1.7\nthis is not a pdf body at all', 'x.pdf')));
    assert.equal(error.code, 'INVALID_FILE_FORMAT');
  });

  it('refuses a file named .pdf that is not a PDF with INVALID_FILE_FORMAT', async () => {
    const error = await refusal(extractDocument(input('just words', 'report.pdf')));
    assert.equal(error.code, 'INVALID_FILE_FORMAT');
  });

  it('refuses a password-protected PDF with ENCRYPTED_FILE', async () => {
    const error = await refusal(extractDocument(input(await makeEncryptedPdf(), 'secret.pdf')));
    assert.equal(error.code, 'ENCRYPTED_FILE');
  });

  it('refuses a PDF without text with EMPTY_CONTENT', async () => {
    const error = await refusal(extractDocument(input(await makePdf([[]]), 'scan.pdf')));
    assert.equal(error.code, 'EMPTY_CONTENT');
    assert.match(error.message, /OCR/);
  });

  it('refuses a truncated DOCX and a ZIP without a document with INVALID_FILE_FORMAT', async () => {
    const docx = await makeDocx('Title', ['Body']);
    const truncated = await refusal(extractDocument(input(docx.subarray(0, docx.length >> 1), 'cut.docx')));
    assert.equal(truncated.code, 'INVALID_FILE_FORMAT');
    const notDocx = await refusal(extractDocument(input(zipWith('readme.txt', 'hello'), 'fake.docx')));
    assert.equal(notDocx.code, 'INVALID_FILE_FORMAT');
  });

  it('refuses images, other archives and binary data with UNSUPPORTED_FILE_TYPE', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    assert.equal((await refusal(extractDocument(input(png, 'photo.png')))).code, 'UNSUPPORTED_FILE_TYPE');
    assert.equal(
      (await refusal(extractDocument(input(zipWith('a.txt', 'x'), 'bundle.zip')))).code,
      'UNSUPPORTED_FILE_TYPE',
    );
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 32));
    assert.equal((await refusal(extractDocument(input(binary)))).code, 'UNSUPPORTED_FILE_TYPE');
  });

  it('refuses empty and blank files with EMPTY_CONTENT', async () => {
    assert.equal((await refusal(extractDocument(input('')))).code, 'EMPTY_CONTENT');
    assert.equal((await refusal(extractDocument(input(' \n\t\n', 'a.txt')))).code, 'EMPTY_CONTENT');
    assert.equal(
      (await refusal(extractDocument(input('<html><body><script>x()</script></body></html>')))).code,
      'EMPTY_CONTENT',
    );
    assert.equal((await refusal(extractDocument(input('\n\n', 'a.csv')))).code, 'EMPTY_CONTENT');
  });

  it('refuses input over the size cap with FILE_TOO_LARGE before reading it', async () => {
    const error = await refusal(extractDocument({ bytes: Buffer.alloc(2048, 0x61), max_bytes: 1024 }));
    assert.equal(error.code, 'FILE_TOO_LARGE');
    assert.match(error.message, /2048 bytes; the limit is 1024/);
  });
});
