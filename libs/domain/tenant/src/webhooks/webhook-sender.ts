import { isIP } from 'node:net';
import { AddressGuard, guardedLookup } from '@trove/platform-http';
import { Agent, request } from 'undici';

/** A webhook URL that may not be called: not http(s), credentials, or a non-public address. */
export class WebhookUrlRefused extends Error {}

/** What one POST got: the receiver's status, or the reason there was none. */
export type SendOutcome = { status_code: number } | { error: string; refused: boolean };

/** Checks what can be checked without a lookup; throws WebhookUrlRefused. */
export function checkWebhookUrl(address: string, guard: AddressGuard): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new WebhookUrlRefused(`Not a URL: '${address}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WebhookUrlRefused(`Webhooks must be http or https, not ${url.protocol.replace(':', '')}`);
  }
  if (url.username || url.password) throw new WebhookUrlRefused('Webhook URLs may not carry credentials');
  // A literal address is dialled without a lookup, so it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !guard.allows(host)) throw refused(host);
  return url;
}

export function refused(what: string): WebhookUrlRefused {
  return new WebhookUrlRefused(
    `Calling ${what} is not allowed: not a public address (WEB_FETCH_ALLOWED_CIDRS lets networks through)`,
  );
}

/**
 * POSTs webhook deliveries under the same SSRF rule as web-page fetching (AddressGuard, the
 * WEB_FETCH_ALLOWED_CIDRS allow-list): literal addresses are checked before, names in the
 * connection's own lookup on every connection (DNS rebinding), and redirects are not followed.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly guard: AddressGuard,
    private readonly timeoutMs: number,
  ) {
    this.agent = new Agent({
      connect: { timeout: timeoutMs, lookup: guardedLookup(guard, refused) },
      headersTimeout: timeoutMs + 1000,
      bodyTimeout: timeoutMs + 1000,
      keepAliveTimeout: 1000,
      connections: 32,
    });
  }

  async post(address: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    let url: URL;
    try {
      url = checkWebhookUrl(address, this.guard);
    } catch (error: unknown) {
      return { error: message(error), refused: true };
    }
    try {
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(this.timeoutMs),
        maxRedirections: 0,
        headers: { 'content-type': 'application/json', 'user-agent': 'Trove-Webhooks/0.1', ...headers },
        body,
      });
      // The answer's body is not read: only its status counts.
      await response.body.dump().catch(() => undefined);
      return { status_code: response.statusCode };
    } catch (error: unknown) {
      const cause = (error as { cause?: unknown }).cause;
      if (error instanceof WebhookUrlRefused || cause instanceof WebhookUrlRefused) {
        return { error: message(cause instanceof WebhookUrlRefused ? cause : error), refused: true };
      }
      return { error: message(error), refused: false };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
