import { IndexingStatus } from '../processing/processing.payloads';

/**
 * Events every status source publishes (through TransportClient.emit) when an item's processing
 * status changes: documents and web pages (ingestion), memories (memory), raw-embedding batches
 * (search). The tenant service consumes them durably for webhooks; every gateway instance also
 * listens to them (TransportClient.listen, a plain fan-out subscription) for its SSE streams.
 */
export const ItemEvents = {
  statusChanged: 'processing.item.status-changed',
} as const;

/** One status change of one item (docs/events-webhooks.md). */
export interface ItemStatusChangedEvent {
  tenant_id: string;
  sub_tenant_id: string;
  /** The file_id, source_id, memory_id or embedding batch id verify-processing takes. */
  file_id: string;
  status: IndexingStatus;
  /** Set when `errored`: a ProcessingErrorCode and what failed. */
  error?: { code: string; message: string };
  /** ISO-8601 UTC: when the change happened. */
  at: string;
}
