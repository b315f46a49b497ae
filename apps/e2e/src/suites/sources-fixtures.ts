import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ApiClient, ApiResponse } from '@trove/testing';

// Files and web pages the sources suite sends, generated here (nothing binary is checked in), and
// the HTTP calls it makes, typed as the API answers them.

export interface ProcessingView {
  file_id: string;
  indexing_status: string;
  error_code?: string;
  success: boolean;
  message: string;
}

export interface FileToUpload {
  bytes: Uint8Array | string;
  name: string;
  type?: string;
}

/** A multipart body, as a browser or curl -F would send it. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: FileToUpload,
  fileField = 'file',
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(fileField, new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

export async function uploadDocument(
  client: ApiClient,
  fields: Record<string, string>,
  file?: FileToUpload,
  fileField?: string,
): Promise<ApiResponse<{ file_id: string; source_id: string; success: boolean; message: string }>> {
  return client.post('/ingestion/upload-document', { raw: await multipartBody(fields, file, fileField) });
}

export function verifyProcessing(
  client: ApiClient,
  query: { tenant_id: string; file_id: string; sub_tenant_id?: string },
): Promise<ApiResponse<ProcessingView>> {
  return client.post('/ingestion/verify-processing', { query });
}

const FINAL = new Set(['completed', 'errored']);

/** Polls verify-processing until the item is completed or errored; returns every status seen, in order. */
export async function waitForProcessing(
  client: ApiClient,
  query: { tenant_id: string; file_id: string; sub_tenant_id?: string },
  timeoutMs = 90_000,
): Promise<{ final: ProcessingView; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await verifyProcessing(client, query);
    if (answer.status !== 200)
      throw new Error(`verify-processing ${answer.status}: ${JSON.stringify(answer.body)}`);
    const status = answer.body.indexing_status;
    if (seen.at(-1) !== status) seen.push(status);
    if (FINAL.has(status)) return { final: answer.body, seen };
    if (Date.now() > deadline)
      throw new Error(`${query.file_id} still ${status} after ${timeoutMs} ms (${seen.join(' → ')})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A PDF of one page per entry, each a list of lines. */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  }
  return doc.save();
}

export async function makeDocx(heading: string, paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] })),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** An HTML article with a title, navigation chrome and a body Readability keeps. */
export function articleHtml(title: string, sentences: string[]): string {
  const paragraphs = sentences.map(
    (s) => `<p>${s} ${'This paragraph adds ordinary words so the article reads as one. '.repeat(3)}</p>`,
  );
  return `<!doctype html><html><head><title>${title}</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<article><h1>${title}</h1>${paragraphs.join('\n')}</article>
<footer>© Example</footer></body></html>`;
}

/** Pages the service fetches in the web page tests, served by this process on 127.0.0.1. */
export class WebFixture {
  private server!: Server;
  /** How often each path was asked for. */
  readonly hits = new Map<string, number>();
  baseUrl = '';
  /** The HTML served at /article (tests change it to see a re-fetch). */
  article = articleHtml('Otter field notes', [
    'River otters of the Quillback estuary hold their breath for eight minutes.',
  ]);

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      switch (path) {
        case '/article':
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(this.article);
          return;
        case '/slow':
          // Headers, then nothing: only the service's time limit ends this.
          response.writeHead(200, { 'content-type': 'text/html' });
          response.write('<html><body><p>first words');
          return;
        case '/huge': {
          response.writeHead(200, { 'content-type': 'text/html' });
          const chunk = Buffer.from(`<p>${'filler words for a page that never ends '.repeat(100)}</p>`);
          const pump = () => {
            while (!response.destroyed && response.write(chunk));
            if (!response.destroyed) response.once('drain', pump);
          };
          pump();
          return;
        }
        case '/redirect-private':
          response.writeHead(302, { location: 'http://10.255.255.1/admin' }).end();
          return;
        case '/redirect-loop':
          response.writeHead(302, { location: '/redirect-loop' }).end();
          return;
        case '/image.png':
          response
            .writeHead(200, { 'content-type': 'image/png' })
            .end(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
          return;
        default:
          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close').catch(() => undefined);
  }
}
