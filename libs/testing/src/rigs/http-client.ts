/** A response as tests look at it: status, parsed JSON body (or text), headers. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  key?: string | null;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** A raw body with its content type, for malformed-input tests. */
  raw?: { body: string | Buffer; contentType?: string };
  headers?: Record<string, string>;
}

/** A thin fetch wrapper for driving Trove's HTTP API in tests and benchmarks. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaultKey?: string,
  ) {}

  withKey(key: string): ApiClient {
    return new ApiClient(this.baseUrl, key);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? this.defaultKey : options.key;
    if (key) headers['authorization'] = `Bearer ${key}`;
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw) {
      if (options.raw.contentType) headers['content-type'] = options.raw.contentType;
      body = options.raw.body;
    }
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
}
