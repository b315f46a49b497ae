import { LlmError } from './llm-error';

/** What `readEndpointSettings` found; each field is absent when its variable is unset or empty. */
export interface EndpointSettings {
  /** `<PREFIX>_URL`, checked to be an http(s) URL. */
  url?: string;
  /** `<PREFIX>_MODEL`. */
  model?: string;
  /** `<PREFIX>_API_KEY`. */
  apiKey?: string;
  /** `<PREFIX>_TIMEOUT_MS`, a positive integer. */
  timeoutMs?: number;
}

/**
 * Reads `<prefix>_URL`, `<prefix>_MODEL`, `<prefix>_API_KEY` and `<prefix>_TIMEOUT_MS` from an
 * environment (`process.env`, a plain object or a Map). The caller owns the prefix
 * (`SEARCH_RERANK`, `GRAPH_LLM` …) and decides what is required. A bad value throws an
 * `LlmError` of kind `config` that names the variable (never a key's value).
 */
export function readEndpointSettings(
  env: ReadonlyMap<string, string | undefined> | Readonly<Record<string, string | undefined>>,
  prefix: string,
): EndpointSettings {
  const get = (name: string): string | undefined => {
    const raw = env instanceof Map ? env.get(name) : (env as Record<string, string | undefined>)[name];
    const value = raw?.trim();
    return value ? value : undefined;
  };
  const settings: EndpointSettings = {};
  const url = get(`${prefix}_URL`);
  if (url !== undefined) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(url).protocol);
    } catch {
      // reported below
    }
    if (!ok) throw new LlmError('', `${prefix}_URL must be an http(s) URL`, 'config', false);
    settings.url = url;
  }
  const model = get(`${prefix}_MODEL`);
  if (model !== undefined) settings.model = model;
  const apiKey = get(`${prefix}_API_KEY`);
  if (apiKey !== undefined) settings.apiKey = apiKey;
  const timeout = get(`${prefix}_TIMEOUT_MS`);
  if (timeout !== undefined) {
    const timeoutMs = Number(timeout);
    if (!/^\d+$/.test(timeout) || !Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
      throw new LlmError(
        '',
        `${prefix}_TIMEOUT_MS must be a positive integer (milliseconds), got "${timeout}"`,
        'config',
        false,
      );
    }
    settings.timeoutMs = timeoutMs;
  }
  return settings;
}
