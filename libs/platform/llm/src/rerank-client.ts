import { CallPolicy, checkNumber, Endpoint, parseUrl } from './endpoint';
import { LlmError } from './llm-error';

/**
 * The wire shape:
 * - `cohere` (Cohere, Jina, and servers copying them): `POST {model, query, documents, top_n}`
 *   → `{results: [{index, relevance_score}]}`;
 * - `tei` (Hugging Face text-embeddings-inference): `POST {query, texts, truncate}` → `[{index, score}]`.
 */
export type RerankFormat = 'cohere' | 'tei';

export interface RerankClientOptions {
  /**
   * The endpoint. A URL whose path ends in `/rerank` is used as is; any other gets `/rerank`
   * appended to its path: `https://api.cohere.com/v2` → `…/v2/rerank`, `https://api.jina.ai/v1`
   * → `…/v1/rerank`, `http://tei:8080` → `…/rerank`. (So a hosted API needs its version segment.)
   */
  url: string;
  /** Default `cohere`. */
  format?: RerankFormat;
  /** Sent as `model` in the `cohere` format (required there); TEI serves one model and ignores it. */
  model?: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** A call's time box, retries and backoff included (default 10 000); a call may set its own. */
  timeoutMs?: number;
  /** One attempt's limit (default: the call's time box). */
  attemptTimeoutMs?: number;
  /** Retries after the first attempt, on network errors, attempt timeouts, 429 and 5xx (default 2). */
  maxRetries?: number;
  /** First backoff delay (default 200 ms); it doubles each retry, with jitter, up to `maxRetryDelayMs` (2 000). */
  minRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** TEI only: let the server cut texts longer than the model's window (default true) rather than fail. */
  truncate?: boolean;
}

export interface RerankRequest {
  /** Score only the best `topN`; the others get `-Infinity` (default: score every document). */
  topN?: number;
  /** This call's time box, retries included; overrides the client's `timeoutMs`. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * A cross-encoder behind the common `/rerank` shape. `rerank()` returns one score per input
 * document, in input order; higher is more relevant. Every document is scored unless `topN` asks
 * for fewer: then the rest get `-Infinity`. An answer that is not exactly that (not JSON, a wrong
 * count, an index out of range or repeated, a score that is not a finite number) throws an
 * `LlmError` of kind `response`; it is never used in part.
 */
export class RerankClient {
  readonly format: RerankFormat;
  private readonly endpoint: Endpoint;
  private readonly model: string | undefined;
  private readonly truncate: boolean;
  private readonly policy: Omit<CallPolicy, 'signal'>;

  constructor(options: RerankClientOptions) {
    this.format = options.format ?? 'cohere';
    if (this.format !== 'cohere' && this.format !== 'tei') {
      throw new LlmError(
        '',
        `RerankClient format must be "cohere" or "tei", got "${String(this.format)}"`,
        'config',
        false,
      );
    }
    if (this.format === 'cohere' && !options.model) {
      throw new LlmError(
        '',
        'RerankClient: a model name is required in the "cohere" format',
        'config',
        false,
      );
    }
    const url = parseUrl('RerankClient url', options.url);
    const path = url.pathname.replace(/\/+$/, '');
    url.pathname = /\/rerank$/.test(path) ? path : `${path}/rerank`;
    this.endpoint = new Endpoint(url, options.apiKey);
    this.model = options.model;
    this.truncate = options.truncate ?? true;
    const timeoutMs = checkNumber('RerankClient timeoutMs', options.timeoutMs ?? 10_000, 1);
    this.policy = {
      timeoutMs,
      attemptTimeoutMs: checkNumber(
        'RerankClient attemptTimeoutMs',
        options.attemptTimeoutMs ?? timeoutMs,
        1,
      ),
      maxRetries: checkNumber('RerankClient maxRetries', options.maxRetries ?? 2, 0),
      minRetryDelayMs: checkNumber('RerankClient minRetryDelayMs', options.minRetryDelayMs ?? 200, 0),
      maxRetryDelayMs: checkNumber('RerankClient maxRetryDelayMs', options.maxRetryDelayMs ?? 2_000, 0),
    };
  }

  /** The URL requests go to (origin and path). */
  get url(): string {
    return this.endpoint.shown;
  }

  /** One score per document, aligned with `documents`; no request for an empty list. */
  async rerank(query: string, documents: readonly string[], request: RerankRequest = {}): Promise<number[]> {
    if (documents.length === 0) return [];
    const topN =
      request.topN === undefined
        ? documents.length
        : Math.min(documents.length, Math.floor(checkNumber('rerank topN', request.topN, 1)));
    const body =
      this.format === 'cohere'
        ? { model: this.model, query, documents, top_n: topN }
        : { query, texts: documents, truncate: this.truncate };
    const policy: CallPolicy = {
      ...this.policy,
      timeoutMs:
        request.timeoutMs === undefined
          ? this.policy.timeoutMs
          : checkNumber('rerank timeoutMs', request.timeoutMs, 1),
      signal: request.signal,
    };
    const { value } = await this.endpoint.post(body, policy, (text, { fail }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw fail(`answered something that is not JSON: ${text.replace(/\s+/g, ' ').slice(0, 100)}`, false);
      }
      const results = this.format === 'cohere' ? (parsed as { results?: unknown } | null)?.results : parsed;
      const key = this.format === 'cohere' ? 'relevance_score' : 'score';
      // TEI always scores every text; a cohere-style server returns exactly top_n results.
      const expected = this.format === 'cohere' ? topN : documents.length;
      return alignScores(results, key, documents.length, expected, (detail) => fail(detail, false));
    });
    return this.format === 'tei' && topN < documents.length ? keepTop(value, topN) : value;
  }
}

/** The server's `[{index, <key>}]` as scores in input order, or a thrown `fail(…)`. */
function alignScores(
  results: unknown,
  key: string,
  count: number,
  expected: number,
  fail: (detail: string) => LlmError,
): number[] {
  if (!Array.isArray(results)) throw fail(`expected a list of results, got ${describeJson(results)}`);
  if (results.length !== expected) {
    throw fail(`expected ${expected} results for ${count} documents, got ${results.length}`);
  }
  const scores = new Array<number>(count).fill(-Infinity);
  const seen = new Set<number>();
  for (const item of results as unknown[]) {
    const { index, [key]: score } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count) {
      throw fail(`result index ${describeJson(index)} is not one of the ${count} documents`);
    }
    if (seen.has(index)) throw fail(`result index ${index} appears twice`);
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      throw fail(`result ${index} has ${key} ${describeJson(score)}, not a finite number`);
    }
    seen.add(index);
    scores[index] = score;
  }
  return scores;
}

/** Keeps the `n` highest scores (ties by input order) and sets the others to `-Infinity`. */
function keepTop(scores: number[], n: number): number[] {
  const kept = new Set(
    scores
      .map((score, index) => ({ score, index }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, n)
      .map((s) => s.index),
  );
  return scores.map((score, index) => (kept.has(index) ? score : -Infinity));
}

function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
