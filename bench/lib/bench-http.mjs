// HTTP pieces the speed benches share.
import { request as httpRequest } from 'node:http';

/** POST a JSON body over `agent`; resolves { status, body, ms } (ms from request start to the body's end). */
export function postJson(agent, url, key, json) {
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const text = Buffer.concat(parts).toString('utf8');
          resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null, ms });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The info of /readyz's check named `name`, wherever it is nested. */
export function readyzCheck(value, name) {
  if (!value || typeof value !== 'object') return undefined;
  if (value.name === name && value.info) return value.info;
  for (const child of Object.values(value)) {
    const found = readyzCheck(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}
