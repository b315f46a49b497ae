// A round-robin HTTP load balancer for benches, standing in for what a Kubernetes Service does in
// front of gateway replicas: it sends each request to the next backend whose /readyz answered
// 200 at its last probe (every `probeMs`), over keep-alive connections, and a backend that
// answers `Connection: close` gets a new connection next time (Node's agent does that).
// A request whose backend fails before answering is answered 502 here, and counted by the bench
// like any failed request: no retries.
import { Agent, createServer, request as httpRequest } from 'node:http';

export async function startBalancer(backends, { probeMs = 500 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const ready = new Map(backends.map((url) => [url, true]));
  let next = 0;

  const probe = async () => {
    await Promise.all(
      backends.map(async (url) => {
        try {
          const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(probeMs * 2) });
          await answer.arrayBuffer();
          ready.set(url, answer.ok);
        } catch {
          ready.set(url, false);
        }
      }),
    );
  };
  await probe();
  const timer = setInterval(() => void probe(), probeMs);

  const server = createServer((incoming, outgoing) => {
    const live = backends.filter((url) => ready.get(url));
    if (live.length === 0) {
      outgoing.writeHead(503, { 'content-type': 'application/json' });
      outgoing.end(
        JSON.stringify({
          detail: { success: false, message: 'no ready backend', error_code: 'SERVICE_UNAVAILABLE' },
        }),
      );
      return;
    }
    const target = new URL(incoming.url, live[next++ % live.length]);
    const { connection: _connection, ...sent } = incoming.headers;
    const forwarded = httpRequest(
      target,
      { method: incoming.method, headers: { ...sent, host: target.host }, agent },
      (answer) => {
        const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      if (outgoing.headersSent) outgoing.destroy(error);
      else {
        outgoing.writeHead(502, { 'content-type': 'application/json' });
        outgoing.end(
          JSON.stringify({
            detail: { success: false, message: `backend: ${error.message}`, error_code: 'BAD_GATEWAY' },
          }),
        );
      }
    });
    incoming.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections?.();
      agent.destroy();
    },
  };
}
