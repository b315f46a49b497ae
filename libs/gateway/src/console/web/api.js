// The API client of the console: base URL, key and tenant live in sessionStorage only (gone when
// the tab closes, never sent anywhere but the base URL), and every call sends the key as
// `Authorization: Bearer`.

const KEYS = {
  base: 'trove.console.base',
  key: 'trove.console.key',
  tenant: 'trove.console.tenant',
  subTenant: 'trove.console.subTenant',
};

/** @typedef {{ base: string, key: string, tenant: string, subTenant: string }} Settings */

/** @returns {Settings} */
export function loadSettings() {
  return {
    base: sessionStorage.getItem(KEYS.base) || location.origin,
    key: sessionStorage.getItem(KEYS.key) || '',
    tenant: sessionStorage.getItem(KEYS.tenant) || '',
    subTenant: sessionStorage.getItem(KEYS.subTenant) || '',
  };
}

/** @param {Settings} settings */
export function saveSettings(settings) {
  for (const [name, storageKey] of Object.entries(KEYS)) {
    const value = /** @type {Record<string, string>} */ (settings)[name] ?? '';
    if (value) sessionStorage.setItem(storageKey, value);
    else sessionStorage.removeItem(storageKey);
  }
}

export function forgetKey() {
  sessionStorage.removeItem(KEYS.key);
}

/** An error answer of the API: its status, message, error_code and request id. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {string} code
   * @param {string} requestId
   * @param {{field: string, message: string}[]} [errors]
   */
  constructor(status, message, code, requestId, errors = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.errors = errors;
  }
}

/** tenant_id and, when set, sub_tenant_id: what nearly every route takes. */
export function scope() {
  const settings = loadSettings();
  if (!settings.tenant) throw new Error('Enter a tenant id first');
  /** @type {Record<string, string>} */
  const fields = { tenant_id: settings.tenant };
  if (settings.subTenant) fields['sub_tenant_id'] = settings.subTenant;
  return fields;
}

/**
 * @param {string} path
 * @param {Record<string, string | number | undefined>} [query]
 */
export function urlOf(path, query = {}) {
  const base = loadSettings().base.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.append(name, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/** @param {HeadersInit} [extra] */
function headers(extra = {}) {
  const key = loadSettings().key;
  if (!key) throw new Error('Enter an API key first');
  return { ...extra, authorization: `Bearer ${key}` };
}

/**
 * One call. `json` is sent as JSON, `form` as a URL-encoded form, `multipart` as FormData.
 * Answers the parsed body; throws ApiError for an error status.
 * @param {string} method
 * @param {string} path
 * @param {{ query?: Record<string, string | number | undefined>, json?: unknown, form?: Record<string, string>, multipart?: FormData, signal?: AbortSignal }} [options]
 * @returns {Promise<any>}
 */
export async function call(method, path, options = {}) {
  /** @type {RequestInit} */
  const init = { method, signal: options.signal };
  if (options.json !== undefined) {
    init.headers = headers({ 'content-type': 'application/json' });
    init.body = JSON.stringify(options.json);
  } else if (options.form) {
    init.headers = headers({ 'content-type': 'application/x-www-form-urlencoded' });
    init.body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    init.headers = headers();
    init.body = options.multipart;
  } else {
    init.headers = headers();
  }
  const response = await fetch(urlOf(path, options.query), init);
  const text = await response.text();
  let body;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { raw: text };
  }
  if (!response.ok) throw errorOf(response, body);
  return body;
}

/** @param {Response} response @param {any} body */
function errorOf(response, body) {
  const detail = body && typeof body.detail === 'object' && body.detail ? body.detail : {};
  return new ApiError(
    response.status,
    detail.message || `HTTP ${response.status} ${response.statusText}`,
    detail.error_code || '',
    detail.request_id || response.headers.get('x-request-id') || '',
    Array.isArray(detail.errors) ? detail.errors : [],
  );
}

/**
 * Server-sent events of one item's status (`GET /ingestion/events?file_id=`), read through fetch
 * so that the key travels in the Authorization header (EventSource cannot send one).
 * @param {Record<string, string>} query
 * @param {(event: any) => void} onEvent
 * @param {AbortSignal} [signal]
 */
export async function statusEvents(query, onEvent, signal) {
  const response = await fetch(urlOf('/ingestion/events', query), { headers: headers(), signal });
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body = {};
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    throw errorOf(response, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) onEvent(JSON.parse(data));
    }
  }
}
