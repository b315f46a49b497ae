import { CallPolicy, checkNumber, Endpoint, parseUrl } from './endpoint';
import { LlmError } from './llm-error';

export interface ChatClientOptions {
  /** Server root, with or without `/v1`: `https://api.openai.com`, `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Model name sent in each request. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /**
   * `json_schema` (default) sends the schema as a strict `response_format`; `json_object` only
   * asks for JSON, for servers without structured outputs: describe the schema in the prompt.
   */
  jsonMode?: 'json_schema' | 'json_object';
  /** A call's time box, retries and backoff included (default 60 000); a request may set its own. */
  timeoutMs?: number;
  /** One attempt's limit (default: the call's time box). */
  attemptTimeoutMs?: number;
  /** Retries after the first attempt, on network errors, attempt timeouts, 429 and 5xx (default 3). */
  maxRetries?: number;
  /** First backoff delay (default 500 ms); it doubles each retry, with jitter, up to `maxRetryDelayMs` (10 000). */
  minRetryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * Ask again, within the same retry cap and time box, when the model's answer is not JSON
   * (default false: such an answer is returned at once with `invalidJson: true`).
   */
  retryInvalidJson?: boolean;
}

export interface ChatJsonRequest {
  system: string;
  user: string;
  /** The answer's JSON Schema; sent in `json_schema` mode only. */
  schema: Record<string, unknown>;
  /** The schema's name in `response_format.json_schema.name` (default `answer`). */
  schemaName?: string;
  /** Sent as `max_tokens` when set. */
  maxTokens?: number;
  /** This call's time box, retries included; overrides the client's `timeoutMs`. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * The model's answer. A model that answered, but not with JSON (broken JSON, prose, an empty or
 * refused message) is not an error: `value` is `undefined`, `invalidJson` is true and `content`
 * holds what it said. Everything else that goes wrong throws an `LlmError`.
 */
export interface ChatJsonResult {
  /** The parsed answer; `undefined` exactly when `invalidJson`. */
  value: unknown;
  invalidJson: boolean;
  /** The message content as received (it may quote the user's text: do not log it blindly). */
  content: string;
  /** Tokens summed over every attempt that got an answer. */
  usage: ChatUsage;
  attempts: number;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/**
 * Any OpenAI-compatible chat endpoint (`POST <base>/v1/chat/completions`: OpenAI, vLLM, Ollama,
 * llama.cpp, LiteLLM …), asked for JSON answers at temperature 0.
 */
export class ChatClient {
  readonly model: string;
  private readonly endpoint: Endpoint;
  private readonly jsonMode: 'json_schema' | 'json_object';
  private readonly policy: Omit<CallPolicy, 'signal'>;
  private readonly retryInvalidJson: boolean;

  constructor(options: ChatClientOptions) {
    if (!options.model) throw new LlmError('', 'ChatClient: a model name is required', 'config', false);
    const root = parseUrl('ChatClient baseUrl', options.baseUrl);
    const path = root.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.endpoint = new Endpoint(new URL(`${root.origin}${path}/v1/chat/completions`), options.apiKey);
    this.model = options.model;
    this.jsonMode = options.jsonMode ?? 'json_schema';
    const timeoutMs = checkNumber('ChatClient timeoutMs', options.timeoutMs ?? 60_000, 1);
    this.policy = {
      timeoutMs,
      attemptTimeoutMs: checkNumber('ChatClient attemptTimeoutMs', options.attemptTimeoutMs ?? timeoutMs, 1),
      maxRetries: checkNumber('ChatClient maxRetries', options.maxRetries ?? 3, 0),
      minRetryDelayMs: checkNumber('ChatClient minRetryDelayMs', options.minRetryDelayMs ?? 500, 0),
      maxRetryDelayMs: checkNumber('ChatClient maxRetryDelayMs', options.maxRetryDelayMs ?? 10_000, 0),
    };
    this.retryInvalidJson = options.retryInvalidJson ?? false;
  }

  /** The URL requests go to (origin and path). */
  get url(): string {
    return this.endpoint.shown;
  }

  /** Asks for one JSON answer; see `ChatJsonResult` for what a non-JSON answer looks like. */
  async completeJson(request: ChatJsonRequest): Promise<ChatJsonResult> {
    const response_format =
      this.jsonMode === 'json_schema'
        ? {
            type: 'json_schema',
            json_schema: { name: request.schemaName ?? 'answer', strict: true, schema: request.schema },
          }
        : { type: 'json_object' };
    const body = {
      model: this.model,
      temperature: 0,
      response_format,
      ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
    };
    const usage: ChatUsage = { prompt_tokens: 0, completion_tokens: 0 };
    const policy: CallPolicy = {
      ...this.policy,
      timeoutMs:
        request.timeoutMs === undefined
          ? this.policy.timeoutMs
          : checkNumber('completeJson timeoutMs', request.timeoutMs, 1),
      signal: request.signal,
    };
    const { value, attempts } = await this.endpoint.post(body, policy, (text, { last, fail }) => {
      let completion: ChatCompletion;
      try {
        completion = JSON.parse(text) as ChatCompletion;
      } catch {
        // A proxy's error page, a truncated body: the server's fault, worth another attempt.
        throw fail(`answered something that is not JSON: ${text.replace(/\s+/g, ' ').slice(0, 100)}`, true);
      }
      if (typeof completion !== 'object' || completion === null) {
        throw fail('answered JSON that is not a chat completion', true);
      }
      usage.prompt_tokens += tokens(completion.usage?.prompt_tokens);
      usage.completion_tokens += tokens(completion.usage?.completion_tokens);
      const raw = completion.choices?.[0]?.message?.content;
      const content = typeof raw === 'string' ? raw : '';
      const parsed = parseAnswer(content);
      if (parsed.ok) return { value: parsed.value, invalidJson: false, content };
      if (this.retryInvalidJson && !last) throw fail('the model answered something that is not JSON', true);
      return { value: undefined, invalidJson: true, content };
    });
    return { ...value, usage, attempts };
  }
}

function tokens(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The answer as JSON: as is, else the first fenced block (```json … ```), else not JSON. */
export function parseAnswer(content: string): { ok: true; value: unknown } | { ok: false } {
  const candidates = [content.trim()];
  const fenced = /```[a-zA-Z]*\s*([\s\S]*?)\s*```/.exec(content);
  if (fenced) candidates.push(fenced[1]!);
  // A fence left open (a model cut short by max_tokens, or sloppy): drop the opener.
  else if (/^```/.test(candidates[0]!)) candidates.push(candidates[0]!.replace(/^```[a-zA-Z]*\s*/, ''));
  for (const candidate of candidates) {
    if (candidate === '') continue;
    try {
      return { ok: true, value: JSON.parse(candidate) as unknown };
    } catch {
      // try the next candidate
    }
  }
  return { ok: false };
}
