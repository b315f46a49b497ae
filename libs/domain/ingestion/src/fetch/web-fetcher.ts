import { isIP } from 'node:net';
import { Agent, errors as undiciErrors, request } from 'undici';
import { ExtractionError } from '../extraction/extraction-error';
import { AddressGuard, guardedLookup } from '@trove/platform-http';

export interface WebFetcherOptions {
  /** Bodies larger than this end FILE_TOO_LARGE (checked on Content-Length and while reading). */
  maxBytes: number;
  connectTimeoutMs: number;
  /** For the whole fetch, every redirect and the body included. */
  totalTimeoutMs: number;
  maxRedirects: number;
  /** CIDRs the fetcher may reach although they are not public (see AddressGuard). */
  allowedNetworks?: readonly string[];
  userAgent?: string;
}

export interface FetchedPage {
  /** The address the content came from, after redirects. */
  url: string;
  status: number;
  /** The response's Content-Type without parameters (`text/html`), or '' when absent. */
  mime_type: string;
  bytes: Uint8Array;
}

/** Types the extractor reads; anything else (images, video, archives) is refused before download. */
const READABLE_TYPES = new Set([
  '',
  'text/html',
  'application/xhtml+xml',
  'text/plain',
  'text/markdown',
  'text/x-markdown',
  'text/csv',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  // Servers label many files as generic bytes; the extractor sniffs and refuses what it cannot read.
  'application/octet-stream',
]);

/**
 * Fetches a web page for indexing, as a well-behaved and unexploitable client: http and https
 * only, a size cap, connect and total time limits, a bounded number of redirects each checked
 * like the first request, and no connection to a non-public address unless configured. The
 * address check happens in the connection's DNS lookup, on the address actually dialled, so a
 * name that resolves to a public address once and a private one next (DNS rebinding) is caught.
 */
export class WebFetcher {
  private readonly guard: AddressGuard;
  private readonly agent: Agent;

  constructor(private readonly options: WebFetcherOptions) {
    this.guard = new AddressGuard(options.allowedNetworks ?? []);
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs, lookup: this.guardedLookup },
      // The total limit is the abort signal of each fetch; undici's own coarse timers (which
      // may fire up to half a second early) only back it up.
      headersTimeout: options.totalTimeoutMs + 1000,
      bodyTimeout: options.totalTimeoutMs + 1000,
      keepAliveTimeout: 1000,
      connections: 16,
    });
  }

  async fetch(address: string): Promise<FetchedPage> {
    const signal = AbortSignal.timeout(this.options.totalTimeoutMs);
    let url = this.checkUrl(address);
    for (let hop = 0; ; hop++) {
      const response = await this.send(url, signal);
      if (response.statusCode >= 300 && response.statusCode < 400 && response.headers['location']) {
        await response.body.dump().catch(() => undefined);
        if (hop >= this.options.maxRedirects) {
          throw new ExtractionError('TOO_MANY_REDIRECTS', `More than ${this.options.maxRedirects} redirects from ${address}`);
        }
        const location = String(response.headers['location']);
        url = this.checkUrl(new URL(location, url).toString());
        continue;
      }
      if (response.statusCode >= 400) {
        await response.body.dump().catch(() => undefined);
        throw new ExtractionError('FETCH_HTTP_ERROR', `${url.toString()} answered HTTP ${response.statusCode}`);
      }
      const mime = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!READABLE_TYPES.has(mime)) {
        await response.body.dump().catch(() => undefined);
        throw new ExtractionError('UNSUPPORTED_CONTENT_TYPE', `${url.toString()} is ${mime}, not a document Trove reads`);
      }
      const declared = Number(response.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > this.options.maxBytes) {
        discard(response.body);
        throw tooLarge(this.options.maxBytes);
      }
      const bytes = await this.readCapped(response.body, url, signal);
      return { url: url.toString(), status: response.statusCode, mime_type: mime, bytes };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private checkUrl(address: string): URL {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ExtractionError('URL_NOT_ALLOWED', `Not a URL: '${address}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ExtractionError('URL_NOT_ALLOWED', `Only http and https are fetched, not ${url.protocol.replace(':', '')}`);
    }
    if (url.username || url.password) {
      throw new ExtractionError('URL_NOT_ALLOWED', 'URLs with credentials are not fetched');
    }
    // A literal address is dialled without a lookup, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !this.guard.allows(host)) throw blocked(host);
    return url;
  }

  private async send(url: URL, signal: AbortSignal): Promise<Awaited<ReturnType<typeof request>>> {
    try {
      return await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal,
        maxRedirections: 0,
        headers: {
          'user-agent': this.options.userAgent ?? 'TroveBot/0.1 (+https://github.com/trove)',
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
        },
      });
    } catch (error: unknown) {
      throw this.failure(error, url, signal);
    }
  }

  private async readCapped(body: Awaited<ReturnType<typeof request>>['body'], url: URL, signal: AbortSignal): Promise<Uint8Array> {
    const parts: Buffer[] = [];
    let total = 0;
    try {
      for await (const part of body) {
        total += part.length;
        if (total > this.options.maxBytes) {
          discard(body);
          throw tooLarge(this.options.maxBytes);
        }
        parts.push(part);
      }
    } catch (error: unknown) {
      if (error instanceof ExtractionError) throw error;
      throw this.failure(error, url, signal);
    }
    return Buffer.concat(parts, total);
  }

  private failure(error: unknown, url: URL, signal: AbortSignal): ExtractionError {
    if (error instanceof ExtractionError) return error;
    // A refusal from the guarded lookup arrives as the connection's error, or as its cause.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ExtractionError) return cause;
    if (
      signal.aborted ||
      error instanceof undiciErrors.ConnectTimeoutError ||
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError
    ) {
      return new ExtractionError('FETCH_TIMEOUT', `${url.toString()} did not answer within the time limit`);
    }
    return new ExtractionError(
      'FETCH_FAILED',
      `${url.toString()} could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  /** dns.lookup that fails for addresses the guard refuses: runs for every connection undici opens. */
  private readonly guardedLookup = (...args: Parameters<ReturnType<typeof guardedLookup>>): void =>
    guardedLookup(this.guard, blocked)(...args);
}

/** Stops reading a body we do not want; its abort must not surface as an unhandled 'error'. */
function discard(body: Awaited<ReturnType<typeof request>>['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function tooLarge(maxBytes: number): ExtractionError {
  return new ExtractionError('FILE_TOO_LARGE', `The page is larger than the limit of ${maxBytes} bytes`);
}

function blocked(what: string): ExtractionError {
  return new ExtractionError('URL_NOT_ALLOWED', `Fetching ${what} is not allowed: not a public address`);
}
