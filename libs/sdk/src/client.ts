import createClient, { type Client } from 'openapi-fetch';
import { connectionError, type Outcome, type UploadDocumentBody } from './call.js';
import { TroveError } from './errors.js';
import { processingEventsOf } from './events.js';
import { documentForm, webpageForm } from './forms.js';
import type { paths } from './generated/openapi.js';
import type * as T from './types.js';
import { pollProcessing, type WaitForProcessingOptions } from './wait-for-processing.js';

/** How a TroveClient reaches the server. */
export interface TroveClientOptions {
  /** The server's root, e.g. `http://127.0.0.1:8080` (no path segment is added). */
  baseUrl: string;
  /** An API key (`sk_live_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** A fetch of your own (tests, proxies, retries); default: the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (a fixed `x-request-id` prefix, a tracing header…). */
  headers?: Record<string, string>;
  /** Abort a request that has not answered after this long (TroveConnectionError); default: none. */
  timeoutMs?: number;
}

/**
 * A typed client for every route of the Trove API (docs/api.md). Each method answers the route's
 * 200 body, and throws a TroveError (a subclass per status) for any other answer, or a
 * TroveConnectionError when there is none. Methods take the API's own field names; where a route
 * takes some inputs in the query and others in the body, the method takes them in one object.
 */
export class TroveClient {
  /** The underlying openapi-fetch client, typed by the same document, for anything not wrapped here. */
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;

  constructor(options: TroveClientOptions) {
    if (!options.baseUrl) throw new TypeError('TroveClient: baseUrl is required');
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs;
    this.raw = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  // Tenants

  /** `POST /tenants/create`: a tenant owned by the key's owner, with its default sub-tenant. */
  createTenant(body: T.CreateTenantRequest): Promise<T.TenantCreated> {
    return this.send((init) => this.raw.POST('/tenants/create', { ...init, body }));
  }

  /** `GET /tenants/sub_tenant_ids`. */
  listSubTenants(tenantId: string): Promise<T.SubTenantList> {
    return this.send((init) =>
      this.raw.GET('/tenants/sub_tenant_ids', { ...init, params: { query: { tenant_id: tenantId } } }),
    );
  }

  /** `GET /tenants/stats`: counts per sub-tenant and in all. */
  tenantStats(tenantId: string): Promise<T.TenantStats> {
    return this.send((init) =>
      this.raw.GET('/tenants/stats', { ...init, params: { query: { tenant_id: tenantId } } }),
    );
  }

  /** `DELETE /tenant/delete_sub_tenant`: the sub-tenant and all of its data. */
  deleteSubTenant(query: T.DeleteSubTenantRequest): Promise<T.SubTenantDeleted> {
    return this.send((init) => this.raw.DELETE('/tenant/delete_sub_tenant', { ...init, params: { query } }));
  }

  // API keys

  /** `POST /api-keys/create_api_key` (admin key): `full_api_key` is shown this once. */
  createApiKey(body: T.CreateApiKeyRequest): Promise<T.ApiKeyCreated> {
    return this.send((init) => this.raw.POST('/api-keys/create_api_key', { ...init, body }));
  }

  /** `GET /api-keys/list`: keys without their secrets, revoked ones included. */
  listApiKeys(query: T.ListApiKeysRequest = {}): Promise<T.ApiKeyList> {
    return this.send((init) => this.raw.GET('/api-keys/list', { ...init, params: { query } }));
  }

  /** `DELETE /api-keys/{api_key_id}`: the key gets 401 from then on. */
  revokeApiKey(apiKeyId: string): Promise<T.ApiKeyRevoked> {
    return this.send((init) =>
      this.raw.DELETE('/api-keys/{api_key_id}', { ...init, params: { path: { api_key_id: apiKeyId } } }),
    );
  }

  // Memories

  /** `POST /user_memory/add_user_memory`: answers once the memory is searchable. */
  addMemory(body: T.AddMemoryRequest): Promise<T.MemoryAdded> {
    return this.send((init) => this.raw.POST('/user_memory/add_user_memory', { ...init, body }));
  }

  /** `POST /user_memory/generate_user_memory`: one memory per statement read from the pairs. */
  generateMemories(body: T.GenerateMemoriesRequest): Promise<T.MemoriesGenerated> {
    return this.send((init) => this.raw.POST('/user_memory/generate_user_memory', { ...init, body }));
  }

  /** `POST /user_memory/retrieve_user_memory`: the scope and `max_count` go in the query, the rest in the body. */
  retrieveMemories(request: T.RetrieveMemoriesRequest): Promise<T.MemoriesRetrieved> {
    const { tenant_id, sub_tenant_id, max_count, ...body } = request;
    return this.send((init) =>
      this.raw.POST('/user_memory/retrieve_user_memory', {
        ...init,
        params: { query: { tenant_id, sub_tenant_id, max_count } },
        body,
      }),
    );
  }

  /** `DELETE /memories/delete-memory`. */
  deleteMemory(query: T.DeleteMemoryRequest): Promise<T.MemoryDeleted> {
    return this.send((init) => this.raw.DELETE('/memories/delete-memory', { ...init, params: { query } }));
  }

  // Search

  /** `POST /search/hybrid-search`: keyword and semantic, fused. */
  hybridSearch(body: T.HybridSearchRequest): Promise<T.SearchResult> {
    return this.send((init) => this.raw.POST('/search/hybrid-search', { ...init, body }));
  }

  /** `POST /search/full-text-search`: keyword (BM25) only. */
  fullTextSearch(body: T.FullTextSearchRequest): Promise<T.SearchResult> {
    return this.send((init) => this.raw.POST('/search/full-text-search', { ...init, body }));
  }

  // Knowledge graph

  /** `GET /list/graph-relations-by-id`: the relations read from a source or memory. */
  graphRelations(query: T.GraphRelationsRequest): Promise<T.GraphRelations> {
    return this.send((init) => this.raw.GET('/list/graph-relations-by-id', { ...init, params: { query } }));
  }

  // Sources

  /**
   * `POST /ingestion/upload-document` (multipart): answers once the file is stored and queued;
   * follow it with waitForProcessing. The same `file_id` again replaces the document.
   */
  uploadDocument(request: T.UploadDocumentRequest): Promise<T.SourceAccepted> {
    const form = documentForm(request);
    return this.send((init) =>
      this.raw.POST('/ingestion/upload-document', {
        ...init,
        // The generated body type describes the form's fields; the FormData is what is sent.
        body: form as unknown as UploadDocumentBody,
        bodySerializer: (value: unknown) => value as FormData,
      }),
    );
  }

  /** `PATCH /upload/update_webpage`: indexes `html`, or fetches `web_url`, in the background. */
  updateWebpage(request: T.UpdateWebpageRequest): Promise<T.SourceAccepted> {
    const { tenant_id, sub_tenant_id, web_url, source_id } = request;
    const form = webpageForm(request);
    return this.send((init) =>
      this.raw.PATCH('/upload/update_webpage', {
        ...init,
        params: { query: { tenant_id, sub_tenant_id, web_url, source_id } },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: {},
        bodySerializer: () => form,
      }),
    );
  }

  /** `GET /list/list-sources`: one page; pass `next_cursor` as `cursor` for the next. */
  listSources(query: T.ListSourcesRequest): Promise<T.SourceList> {
    return this.send((init) => this.raw.GET('/list/list-sources', { ...init, params: { query } }));
  }

  /** `POST /list/list-sources-by-id`: unknown ids are left out. */
  listSourcesById(body: T.ListSourcesByIdRequest): Promise<T.SourceList> {
    return this.send((init) => this.raw.POST('/list/list-sources-by-id', { ...init, body }));
  }

  /** `POST /delete/delete-sources`: `results` says per id whether it was deleted. */
  deleteSources(body: T.DeleteSourcesRequest): Promise<T.SourcesDeleted> {
    return this.send((init) => this.raw.POST('/delete/delete-sources', { ...init, body }));
  }

  /** `POST /fetch/fetch-source-content`: the text, base64 bytes, or a download link. */
  fetchSourceContent(body: T.FetchSourceContentRequest): Promise<T.SourceContent> {
    return this.send((init) => this.raw.POST('/fetch/fetch-source-content', { ...init, body }));
  }

  // Processing

  /** `POST /ingestion/verify-processing`: a document's, page's, memory's or batch's status. */
  verifyProcessing(query: T.VerifyProcessingRequest): Promise<T.ProcessingStatus> {
    return this.send((init) => this.raw.POST('/ingestion/verify-processing', { ...init, params: { query } }));
  }

  /**
   * Polls verify-processing until `fileId` is `completed` or `errored` and resolves that status
   * (an errored item resolves: check `indexing_status`). Rejects with TroveProcessingTimeoutError
   * after `timeoutMs`, and at once with the TroveError of an error answer (404 for an unknown id).
   */
  waitForProcessing(fileId: string, options: WaitForProcessingOptions): Promise<T.ProcessingStatus> {
    return pollProcessing((query) => this.verifyProcessing(query), fileId, options);
  }

  /**
   * `GET /ingestion/events`: status changes as they happen, until `signal` aborts or the server
   * ends the stream. With `file_id`, its current status comes first and the stream ends at
   * `completed` or `errored`; without, every item of the tenant (or of `sub_tenant_id`).
   */
  async *processingEvents(
    query: T.ProcessingEventsRequest,
    options: { signal?: AbortSignal } = {},
  ): AsyncGenerator<T.ProcessingEvent> {
    // No timeoutMs: the stream is meant to stay open.
    const body = await this.send(
      () =>
        this.raw.GET('/ingestion/events', {
          params: { query },
          parseAs: 'stream',
          headers: { accept: 'text/event-stream' },
          ...(options.signal ? { signal: options.signal } : {}),
        }) as Promise<Outcome<ReadableStream<Uint8Array> | null>>,
      false,
    );
    if (body) yield* processingEventsOf(body);
  }

  // Webhooks

  /** `POST /webhooks/create`: `secret` signs the deliveries and is shown this once. */
  createWebhook(body: T.CreateWebhookRequest): Promise<T.WebhookCreated> {
    return this.send((init) => this.raw.POST('/webhooks/create', { ...init, body }));
  }

  /** `GET /webhooks/list`: the tenant's webhooks, without their secrets. */
  listWebhooks(tenantId: string): Promise<T.WebhookList> {
    return this.send((init) =>
      this.raw.GET('/webhooks/list', { ...init, params: { query: { tenant_id: tenantId } } }),
    );
  }

  /** `DELETE /webhooks/delete`: the webhook and its delivery log. */
  deleteWebhook(query: T.WebhookRef): Promise<T.WebhookDeleted> {
    return this.send((init) => this.raw.DELETE('/webhooks/delete', { ...init, params: { query } }));
  }

  /** `GET /webhooks/deliveries`: the latest delivery attempts, newest first. */
  webhookDeliveries(query: T.WebhookRef): Promise<T.WebhookDeliveries> {
    return this.send((init) => this.raw.GET('/webhooks/deliveries', { ...init, params: { query } }));
  }

  // Raw embeddings

  /** `POST /upload/upload_embeddings`: a batch of vectors; row `i` is chunk `{file_id}_{i}`. */
  uploadEmbeddings(request: T.UploadEmbeddingsRequest): Promise<T.EmbeddingsUploaded> {
    const { tenant_id, sub_tenant_id, ...body } = request;
    return this.send((init) =>
      this.raw.POST('/upload/upload_embeddings', {
        ...init,
        params: { query: { tenant_id, sub_tenant_id } },
        body,
      }),
    );
  }

  /** `PATCH /upload/update_embeddings`: new vectors for existing chunks of one batch. */
  updateEmbeddings(request: T.UpdateEmbeddingsRequest): Promise<T.EmbeddingsUpdated> {
    const { tenant_id, sub_tenant_id, ...body } = request;
    return this.send((init) =>
      this.raw.PATCH('/upload/update_embeddings', {
        ...init,
        params: { query: { tenant_id, sub_tenant_id } },
        body,
      }),
    );
  }

  /** `DELETE /embeddings/delete-raw-embeddings`: a whole batch (`source_id`) or `chunk_ids`. */
  deleteRawEmbeddings(query: T.DeleteRawEmbeddingsRequest): Promise<T.RawEmbeddingsDeleted> {
    return this.send((init) =>
      this.raw.DELETE('/embeddings/delete-raw-embeddings', { ...init, params: { query } }),
    );
  }

  /** `POST /embeddings/search-raw-embeddings`: nearest stored vectors, best first. */
  searchRawEmbeddings(body: T.SearchRawEmbeddingsRequest): Promise<T.RawEmbeddingHit[]> {
    return this.send((init) => this.raw.POST('/embeddings/search-raw-embeddings', { ...init, body }));
  }

  /** Runs one request: its 2xx body, or the TroveError of its answer (or of its absence). */
  private async send<D>(
    call: (init: { signal?: AbortSignal }) => Promise<Outcome<D>>,
    timed = true,
  ): Promise<D> {
    const init =
      !timed || this.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(this.timeoutMs) };
    let outcome: Outcome<D>;
    try {
      outcome = await call(init);
    } catch (error) {
      throw connectionError(error, this.baseUrl, this.timeoutMs);
    }
    if (!outcome.response.ok) throw TroveError.fromResponse(outcome.response, outcome.error);
    return outcome.data as D;
  }
}
