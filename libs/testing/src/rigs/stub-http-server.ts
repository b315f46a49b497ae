import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (undefined when it was not JSON). */
  body: unknown;
}

export interface StubReply {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

/**
 * A stand-in HTTP endpoint (a model, a reranker, a webhook receiver) on 127.0.0.1:0: answers each request from `reply` (given the request
 * and its 1-based number) and records them all. Requests still waiting when it closes are dropped.
 */
export class StubServer {
  readonly requests: StubRequest[] = [];
  reply: (request: StubRequest, n: number) => StubReply = () => ({ status: 200, body: {} });
  private server: Server | undefined;
  private origin = '';

  static async start(): Promise<StubServer> {
    const stub = new StubServer();
    stub.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          body = undefined;
        }
        const request: StubRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body,
        };
        stub.requests.push(request);
        const answer = stub.reply(request, stub.requests.length);
        const send = () => {
          if (res.destroyed) return;
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
          res
            .writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers })
            .end(text);
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
        else send();
      });
    });
    await new Promise<void>((resolve) => stub.server!.listen(0, '127.0.0.1', resolve));
    stub.origin = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
    return stub;
  }

  /** `http://127.0.0.1:<port>` followed by `path`. */
  url(path = ''): string {
    return `${this.origin}${path}`;
  }

  /** Forgets the requests seen and answers 200 `{}` until told otherwise. */
  reset(): void {
    this.requests.length = 0;
    this.reply = () => ({ status: 200, body: {} });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
