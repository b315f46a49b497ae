// Names for the generated request and response types, and the inputs of the client's methods.
// Where the API takes a route's inputs partly in the query and partly in the body, a method takes
// them in one object and the client puts each where the route wants it.
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
type QueryOf<K extends keyof operations> = operations[K]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

/** The tenant and sub-tenant every tenant route takes; no `sub_tenant_id` is the default sub-tenant. */
export interface TenantScope {
  tenant_id: string;
  sub_tenant_id?: string | null;
}

// Tenants
export type CreateTenantRequest = Schemas['CreateTenantDto'];
export type TenantCreated = Schemas['TenantCreatedResponse'];
export type SubTenantList = Schemas['SubTenantListResponse'];
export type TenantStats = Schemas['TenantStatsResponse'];
export type DeleteSubTenantRequest = QueryOf<'TenantsController_deleteSubTenant'>;
export type SubTenantDeleted = Schemas['SubTenantDeletedResponse'];

// API keys
export type Scope = NonNullable<Schemas['CreateApiKeyDto']['scopes']>[number];
export type CreateApiKeyRequest = Schemas['CreateApiKeyDto'];
export type ApiKeyCreated = Schemas['ApiKeyCreatedResponse'];
export type ListApiKeysRequest = QueryOf<'ApiKeysController_list'>;
export type ApiKeyList = Schemas['ApiKeyListResponse'];
export type ApiKeySummary = Schemas['ApiKeySummaryResponse'];
export type ApiKeyRevoked = Schemas['ApiKeyRevokedResponse'];

// Memories
export type AddMemoryRequest = Schemas['AddMemoryDto'];
export type MemoryAdded = Schemas['AddMemoryResponse'];
export type GenerateMemoriesRequest = Schemas['GenerateMemoryDto'];
export type MemoriesGenerated = Schemas['GenerateMemoryResponse'];
export type RetrieveMemoriesRequest = QueryOf<'MemoriesController_retrieve'> &
  Schemas['RetrieveMemoryBodyDto'];
export type MemoriesRetrieved = Schemas['RetrieveMemoryResponse'];
export type RetrievedMemory = Schemas['RetrievedMemoryDto'];
export type DeleteMemoryRequest = QueryOf<'MemoriesController_delete'>;
export type MemoryDeleted = Schemas['DeleteMemoryResponse'];

// Search
export type HybridSearchRequest = Schemas['HybridSearchDto'];
export type FullTextSearchRequest = Schemas['FullTextSearchDto'];
export type SearchResult = Schemas['SearchResponse'];
export type ResultChunk = Schemas['ResultChunkDto'];
export type GraphContext = Schemas['GraphContextDto'];

// Graph
export type GraphRelationsRequest = QueryOf<'GraphController_relations'>;
export type GraphRelations = Schemas['SourceGraphRelationsResponse'];

// Sources
export type SourceAccepted = Schemas['SourceAcceptedResponse'];
export type ListSourcesRequest = QueryOf<'SourcesController_list'>;
export type ListSourcesByIdRequest = Schemas['ListSourcesByIdDto'];
export type SourceList = Schemas['ListSourcesResponse'];
export type SourceRecord = Schemas['SourceRecordDto'];
export type DeleteSourcesRequest = Schemas['DeleteSourcesDto'];
export type SourcesDeleted = Schemas['DeleteSourcesResponse'];
export type FetchSourceContentRequest = Schemas['FetchSourceContentDto'];
export type SourceContent = Schemas['FetchSourceContentResponse'];

/** A JSON object sent as a form field (`metadata`, `tenant_metadata`): an object, or its JSON text. */
export type JsonObjectField = Record<string, unknown> | string;

/** `POST /ingestion/upload-document`, sent as multipart/form-data. */
export interface UploadDocumentRequest extends TenantScope {
  /** The file's bytes. A Blob (or File) keeps its own type and name unless `filename`/`contentType` say otherwise. */
  file: Blob | Uint8Array | ArrayBuffer | string;
  /**
   * The file name the server records; with `contentType`, it tells the server the format where the
   * bytes do not (text, Markdown, HTML, CSV). Default: the File's name, else `document`.
   */
  filename?: string;
  /** The part's content type; default: the Blob's, else `application/octet-stream`. */
  contentType?: string;
  /** The source id; the same one again replaces the document. Generated when omitted. */
  file_id?: string;
  title?: string;
  metadata?: JsonObjectField;
  tenant_metadata?: JsonObjectField;
}

/** `PATCH /upload/update_webpage`: `web_url`, `source_id` and the scope in the query, the rest as a form. */
export interface UpdateWebpageRequest extends TenantScope {
  web_url: string;
  source_id: string;
  title?: string;
  description?: string;
  note?: string;
  metadata?: JsonObjectField;
  /** The page's HTML, indexed instead of fetching `web_url`. */
  html?: string;
}

// Processing
export type VerifyProcessingRequest = QueryOf<'ProcessingController_verify'>;
export type ProcessingStatus = Schemas['VerifyProcessingResponse'];
export type IndexingStatus = ProcessingStatus['indexing_status'];

/**
 * One event of `GET /ingestion/events` (`event: status`). The OpenAPI document does not describe
 * server-sent events; this is the gateway's ItemStatusChangedEvent.
 */
export interface ProcessingEvent {
  tenant_id: string;
  sub_tenant_id: string;
  /** The file_id, source_id, memory_id or embedding batch id verify-processing takes. */
  file_id: string;
  status: IndexingStatus;
  /** Set when `errored`. */
  error?: { code: string; message: string };
  /** ISO-8601 UTC: when the change happened. */
  at: string;
}
export type ProcessingEventsRequest = QueryOf<'EventsController_stream'>;

// Webhooks
export type CreateWebhookRequest = Schemas['CreateWebhookDto'];
export type WebhookEvent = CreateWebhookRequest['events'][number];
export type WebhookCreated = Schemas['WebhookCreatedResponse'];
export type WebhookList = Schemas['WebhookListResponse'];
export type Webhook = Schemas['WebhookResponse'];
export type WebhookRef = QueryOf<'WebhooksController_delete'>;
export type WebhookDeleted = Schemas['WebhookDeletedResponse'];
export type WebhookDeliveries = Schemas['WebhookDeliveriesResponse'];
export type WebhookDelivery = Schemas['WebhookDeliveryResponse'];

// Raw embeddings
export type UploadEmbeddingsRequest = QueryOf<'EmbeddingsController_upload'> & {
  embeddings: number[][];
  file_id?: string | null;
};
export type EmbeddingsUploaded = Schemas['UploadEmbeddingsResponse'];
export type UpdateEmbeddingsRequest = QueryOf<'EmbeddingsController_update'> &
  Schemas['UpdateEmbeddingsBodyDoc'];
export type EmbeddingsUpdated = Schemas['UpdateEmbeddingsResponse'];
export type DeleteRawEmbeddingsRequest = QueryOf<'EmbeddingsController_delete'>;
export type RawEmbeddingsDeleted = Schemas['DeleteRawEmbeddingsResponse'];
export type SearchRawEmbeddingsRequest = Schemas['SearchRawEmbeddingsDto'];
export type RawEmbeddingHit = Schemas['RawEmbeddingHitDto'];

export type { components, operations, paths } from './generated/openapi.js';
