import assert from 'node:assert/strict';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ExtractionError } from '../extraction/extraction-error';
import { WebFetcher, WebFetcherOptions } from './web-fetcher';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const PAGE = '<!doctype html><html><head><title>Local page</title></head><body><p>Hello from the test server.</p></body></html>';

describe('WebFetcher', () => {
  let server: Server;
  let base: string;
  let port: number;
  const routes: Record<string, Handler> = {
    '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
    '/plain': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Just text.'),
    '/image': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64)),
    '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<p>nope</p>'),
    '/hop1': (_req, res) => res.writeHead(302, { location: '/hop2' }).end(),
    '/hop2': (_req, res) => res.writeHead(301, { location: `${base}/page` }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-private': (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/page` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    '/huge-declared': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) });
      res.write('<p>'); // and never the rest: the fetcher must not wait for it
    },
    '/huge-streamed': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = (): void => {
        while (sent < 200 && res.write(chunk)) sent++;
        if (sent < 200) res.once('drain', pump);
        else res.end();
      };
      res.on('close', () => (sent = 200));
      pump();
    },
    '/slow-headers': () => undefined, // never answers
    '/slow-body': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>drip</p>'), 50);
      res.on('close', () => clearInterval(timer));
    },
  };

  before(async () => {
    server = createServer((req, res) => (routes[req.url ?? ''] ?? routes['/missing']!)(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const options: WebFetcherOptions = {
    maxBytes: 1024 * 1024,
    connectTimeoutMs: 1000,
    totalTimeoutMs: 800,
    maxRedirects: 3,
    allowedNetworks: ['127.0.0.1/32'],
  };

  async function refusal(fetcher: WebFetcher, url: string): Promise<ExtractionError> {
    try {
      await fetcher.fetch(url);
    } catch (error: unknown) {
      assert.ok(error instanceof ExtractionError, `expected ExtractionError, got ${String(error)}`);
      return error;
    }
    assert.fail(`expected ${url} to be refused`);
  }

  it('fetches a page from an explicitly allowed local server', async () => {
    const fetcher = new WebFetcher(options);
    try {
      const page = await fetcher.fetch(`${base}/page`);
      assert.equal(page.status, 200);
      assert.equal(page.mime_type, 'text/html');
      assert.equal(Buffer.from(page.bytes).toString(), PAGE);
    } finally {
      await fetcher.close();
    }
  });

  it('refuses the same server when it is not allowed, by address and by name (checked at connect time)', async () => {
    const fetcher = new WebFetcher({ ...options, allowedNetworks: [] });
    try {
      assert.equal((await refusal(fetcher, `${base}/page`)).code, 'URL_NOT_ALLOWED');
      // `localhost` is resolved inside the connection: the lookup guard refuses what it resolves to.
      const byName = await refusal(fetcher, `http://localhost:${port}/page`);
      assert.equal(byName.code, 'URL_NOT_ALLOWED');
      assert.match(byName.message, /localhost \((127\.0\.0\.1|::1)\)/);
    } finally {
      await fetcher.close();
    }
  });

  it('follows redirects within the limit and reports the final address', async () => {
    const fetcher = new WebFetcher(options);
    try {
      const page = await fetcher.fetch(`${base}/hop1`);
      assert.equal(page.url, `${base}/page`);
      assert.equal(Buffer.from(page.bytes).toString(), PAGE);
    } finally {
      await fetcher.close();
    }
  });

  it('stops after the redirect limit with TOO_MANY_REDIRECTS', async () => {
    const fetcher = new WebFetcher(options);
    try {
      assert.equal((await refusal(fetcher, `${base}/loop`)).code, 'TOO_MANY_REDIRECTS');
    } finally {
      await fetcher.close();
    }
  });

  it('checks every redirect hop: private, metadata and file targets are refused', async () => {
    const fetcher = new WebFetcher(options);
    try {
      for (const path of ['/to-private', '/to-metadata', '/to-file']) {
        assert.equal((await refusal(fetcher, `${base}${path}`)).code, 'URL_NOT_ALLOWED', path);
      }
    } finally {
      await fetcher.close();
    }
  });

  it('refuses other schemes, credentials and non-URLs with URL_NOT_ALLOWED', async () => {
    const fetcher = new WebFetcher(options);
    try {
      for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', `http://user:pw@127.0.0.1:${port}/page`]) {
        assert.equal((await refusal(fetcher, url)).code, 'URL_NOT_ALLOWED', url);
      }
    } finally {
      await fetcher.close();
    }
  });

  it('refuses a body over the cap, declared or streamed, with FILE_TOO_LARGE', async () => {
    const fetcher = new WebFetcher(options);
    try {
      const started = Date.now();
      assert.equal((await refusal(fetcher, `${base}/huge-declared`)).code, 'FILE_TOO_LARGE');
      assert.equal((await refusal(fetcher, `${base}/huge-streamed`)).code, 'FILE_TOO_LARGE');
      assert.ok(Date.now() - started < 700, 'refused without waiting for the bodies');
    } finally {
      await fetcher.close();
    }
  });

  it('gives up on a server that does not answer, or answers forever, with FETCH_TIMEOUT', async () => {
    const fetcher = new WebFetcher(options);
    try {
      for (const path of ['/slow-headers', '/slow-body']) {
        const started = Date.now();
        assert.equal((await refusal(fetcher, `${base}${path}`)).code, 'FETCH_TIMEOUT', path);
        const took = Date.now() - started;
        assert.ok(took >= 700 && took < 2500, `${path} took ${took} ms`);
      }
    } finally {
      await fetcher.close();
    }
  });

  it('accepts non-HTML documents it can read, refuses media, and reports HTTP errors', async () => {
    const fetcher = new WebFetcher(options);
    try {
      const plain = await fetcher.fetch(`${base}/plain`);
      assert.equal(plain.mime_type, 'text/plain');
      assert.equal(Buffer.from(plain.bytes).toString(), 'Just text.');
      assert.equal((await refusal(fetcher, `${base}/image`)).code, 'UNSUPPORTED_CONTENT_TYPE');
      const missing = await refusal(fetcher, `${base}/missing`);
      assert.equal(missing.code, 'FETCH_HTTP_ERROR');
      assert.match(missing.message, /HTTP 404/);
    } finally {
      await fetcher.close();
    }
  });

  it('reports a refused connection as FETCH_FAILED', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const fetcher = new WebFetcher(options);
    try {
      assert.equal((await refusal(fetcher, `http://127.0.0.1:${deadPort}/`)).code, 'FETCH_FAILED');
    } finally {
      await fetcher.close();
    }
  });
});
