import retry from 'async-retry';
import { EmbeddingError } from '../embedding-error';
import { Embedder } from '../ports/embedder';
import { embedInBatches, l2Normalize } from '../vectors';

export interface OpenAiEmbedderOptions {
  /** Server root, with or without a trailing `/v1`: `https://api.openai.com`, `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Model name sent in each request, e.g. `text-embedding-3-small`, `nomic-embed-text`. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** Expected vector size; learned from the first response when not set. */
  dimension?: number;
  maxBatchSize?: number;
  /** Per attempt, from sending the request to reading the whole body. */
  timeoutMs?: number;
  /** Retries after the first attempt, on network errors, timeouts, 429 and 5xx. */
  maxRetries?: number;
  /** First backoff delay; it doubles each retry, with jitter, up to `maxRetryDelayMs`. */
  minRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** A 429 asking to wait longer than this fails at once rather than stalling ingestion. */
  maxRetryAfterMs?: number;
  /** Recorded per index; default `openai-compatible:<model>`. */
  modelId?: string;
}

const PROVIDER = 'openai';

/**
 * Any server that speaks OpenAI's `POST /v1/embeddings` (OpenAI, Ollama, vLLM, Hugging Face TEI,
 * LiteLLM …). Batches are sent one at a time; each is retried on transient failures.
 */
export class OpenAiEmbedder extends Embedder {
  readonly modelId: string;
  readonly maxBatchSize: number;
  override readonly contextual = true;
  private readonly url: string;
  private readonly options: Required<Omit<OpenAiEmbedderOptions, 'apiKey' | 'dimension' | 'modelId'>>;
  private knownDimension: number | undefined;

  constructor(private readonly config: OpenAiEmbedderOptions) {
    super();
    if (!config.model) throw new EmbeddingError(PROVIDER, 'a model name is required');
    let root: URL;
    try {
      root = new URL(config.baseUrl);
    } catch (error: unknown) {
      throw new EmbeddingError(PROVIDER, `base URL "${config.baseUrl}" is not a URL`, { cause: error });
    }
    const path = root.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.url = `${root.origin}${path}/v1/embeddings`;
    this.options = {
      baseUrl: config.baseUrl,
      model: config.model,
      maxBatchSize: config.maxBatchSize ?? 64,
      timeoutMs: config.timeoutMs ?? 30_000,
      maxRetries: config.maxRetries ?? 3,
      minRetryDelayMs: config.minRetryDelayMs ?? 500,
      maxRetryDelayMs: config.maxRetryDelayMs ?? 10_000,
      maxRetryAfterMs: config.maxRetryAfterMs ?? 60_000,
    };
    this.maxBatchSize = this.options.maxBatchSize;
    this.modelId = config.modelId ?? `openai-compatible:${config.model}`;
    this.knownDimension = config.dimension;
  }

  /** The configured dimension, or the one learned from the first response; throws before either. */
  get dimension(): number {
    if (this.knownDimension === undefined) {
      throw new EmbeddingError(
        PROVIDER,
        `the dimension of "${this.config.model}" is not known yet: configure it, or call detectDimension() first`,
      );
    }
    return this.knownDimension;
  }

  /** Returns the dimension, embedding a one-word probe if it is not known yet. */
  async detectDimension(): Promise<number> {
    if (this.knownDimension === undefined) await this.embedDocuments(['dimension']);
    return this.dimension;
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return embedInBatches(texts, this.maxBatchSize, (batch) => this.embedBatchWithRetries(batch));
  }

  private async embedBatchWithRetries(batch: string[]): Promise<Float32Array[]> {
    const { maxRetries, minRetryDelayMs, maxRetryDelayMs } = this.options;
    let attempts = 0;
    try {
      return await retry(
        async (bail) => {
          attempts++;
          try {
            return await this.request(batch);
          } catch (error: unknown) {
            if (!(error instanceof EmbeddingError) || error.retryable) throw error;
            // async-retry retries anything thrown, even after bail(): bail, then return.
            bail(error);
            return [];
          }
        },
        {
          retries: maxRetries,
          factor: 2,
          minTimeout: minRetryDelayMs,
          maxTimeout: maxRetryDelayMs,
          randomize: true,
        },
      );
    } catch (error: unknown) {
      if (error instanceof EmbeddingError && error.retryable && attempts > 1) {
        throw new EmbeddingError(PROVIDER, `${error.detail} (gave up after ${attempts} attempts)`, {
          status: error.status,
          cause: error,
        });
      }
      throw error;
    }
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    const { timeoutMs, model } = this.options;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.config.apiKey) headers['authorization'] = `Bearer ${this.config.apiKey}`;
    let status: number;
    let body: string;
    let retryAfter: string | null;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, input }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      body = await response.text();
    } catch (error: unknown) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const reason = timedOut ? `no response within ${timeoutMs} ms` : `request failed: ${describe(error)}`;
      throw new EmbeddingError(PROVIDER, `POST ${this.url}: ${reason}`, { retryable: true, cause: error });
    }
    if (status === 429) await this.waitForRetryAfter(retryAfter, body);
    if (status < 200 || status >= 300) {
      throw new EmbeddingError(PROVIDER, `POST ${this.url} returned ${status}: ${errorMessage(body)}`, {
        status,
        retryable: status === 429 || status >= 500,
      });
    }
    return this.parse(body, input.length);
  }

  /** Honours a 429's Retry-After (seconds or an HTTP date) before the backoff of async-retry. */
  private async waitForRetryAfter(header: string | null, body: string): Promise<void> {
    if (!header) return;
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (!Number.isFinite(ms) || ms <= 0) return;
    if (ms > this.options.maxRetryAfterMs) {
      throw new EmbeddingError(
        PROVIDER,
        `POST ${this.url} returned 429 with Retry-After ${header}, longer than the ${this.options.maxRetryAfterMs} ms ` +
          `this embedder waits: ${errorMessage(body)}`,
        { status: 429 },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  private parse(body: string, expected: number): Float32Array[] {
    const fail = (why: string): never => {
      throw new EmbeddingError(PROVIDER, `POST ${this.url}: unexpected response, ${why}`);
    };
    let data: unknown;
    try {
      data = (JSON.parse(body) as { data?: unknown }).data;
    } catch {
      fail('not JSON');
    }
    if (!Array.isArray(data) || data.length !== expected) {
      return fail(
        `expected "data" with ${expected} embeddings, got ${Array.isArray(data) ? data.length : typeof data}`,
      );
    }
    const vectors = new Array<Float32Array | undefined>(expected);
    data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
      const index = item?.index ?? position;
      if (
        typeof index !== 'number' ||
        !Number.isInteger(index) ||
        index < 0 ||
        index >= expected ||
        vectors[index]
      ) {
        fail(`bad or repeated index ${String(index)}`);
      }
      if (!Array.isArray(item.embedding) || !item.embedding.every((x) => typeof x === 'number')) {
        fail(`embedding ${String(index)} is not an array of numbers`);
      }
      const embedding = item.embedding as number[];
      this.checkDimension(embedding.length);
      vectors[index as number] = l2Normalize(Float32Array.from(embedding));
    });
    return vectors as Float32Array[];
  }

  private checkDimension(length: number): void {
    if (this.knownDimension === undefined) {
      if (length < 1)
        throw new EmbeddingError(PROVIDER, `model "${this.config.model}" returned an empty embedding`);
      this.knownDimension = length;
    } else if (length !== this.knownDimension) {
      throw new EmbeddingError(
        PROVIDER,
        `model "${this.config.model}" returned ${length}-d embeddings, expected ${this.knownDimension}-d ` +
          `(${this.config.dimension === undefined ? 'learned from its first response' : 'configured'})`,
      );
    }
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** The server's own words: OpenAI `{error:{message}}`, Ollama `{error}`, TEI `{error, error_type}`, or the text. */
function errorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : (parsed.error?.message ?? parsed.message ?? undefined);
    if (typeof message === 'string') return message.slice(0, 500);
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.trim().slice(0, 500) || '(empty body)';
}
