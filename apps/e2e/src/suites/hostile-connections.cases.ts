import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import type { HostileContext } from './hostile-input.suite';

/** Sends bytes on a raw socket and resolves what came back before the server closed it. */
function rawExchange(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/**
 * Sends a request's headers and only the first bytes of its declared body, and resolves the
 * answer the server gives while the rest is still owed (or null after `waitMs`).
 */
function answerBeforeBody(baseUrl: string, head: string, waitMs: number): Promise<string | null> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, waitMs);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('error', reject);
  });
}

/** Requests a well-behaved HTTP client would not send, written byte by byte on a socket. */
export function hostileConnectionCases(ctx: HostileContext): void {
  describe('connections', () => {
    it('checks the key before reading any body: a bad key gets 401 while 50 MB are still owed', async () => {
      const { host } = new URL(ctx.rig.baseUrl);
      for (const [path, type] of [
        ['/user_memory/add_user_memory', 'application/json'],
        ['/upload/upload_embeddings?tenant_id=x', 'application/json'],
        ['/ingestion/upload-document', 'multipart/form-data; boundary=xyz'],
      ] as const) {
        const answer = await answerBeforeBody(
          ctx.rig.baseUrl,
          `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer sk_live_notakey\r\n` +
            `Content-Type: ${type}\r\nContent-Length: 50000000\r\n\r\n{"tenant_id":`,
          3000,
        );
        assert.ok(answer, `${path}: no answer while the body was owed`);
        assert.match(answer, /^HTTP\/1\.1 401 /, `${path}: ${answer}`);
        assert.match(answer, /\r\nwww-authenticate: Bearer\r\n/i, `${path}: ${answer}`);
      }
    });

    it('answers a malformed URL, met before routing, 400 in the error shape', async () => {
      const url = await fetch(`${ctx.rig.baseUrl}/%`);
      assert.equal(url.status, 400);
      assert.equal(
        ((await url.json()) as { detail: { error_code: string } }).detail.error_code,
        'INVALID_PARAMETERS',
      );
    });

    it('answers oversized headers, met before routing, 431 in the error shape', async () => {
      const { host } = new URL(ctx.rig.baseUrl);
      const answer = await rawExchange(
        ctx.rig.baseUrl,
        `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      assert.match(answer, /^HTTP\/1\.1 431 /);
      const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
        detail: { error_code: string };
      };
      assert.equal(json.detail.error_code, 'INVALID_PARAMETERS');
    });
  });
}
