/** SPEC 3: processing states. `success` is accepted from clients as `completed`, never emitted. */
export const IndexingStatuses = ['queued', 'processing', 'completed', 'errored', 'graph_creation'] as const;
export type IndexingStatus = (typeof IndexingStatuses)[number];

/** What verify-processing asks every status source, in its order (see the gateway's processing/). */
export interface ProcessingStatusRequest {
  tenant_id: string;
  sub_tenant_id: string;
  file_id: string;
}

export interface ProcessingStatus {
  file_id: string;
  indexing_status: IndexingStatus;
  /** Set when `errored`: a ProcessingErrorCode. */
  error_code?: string;
  /** Set when `errored`: what went wrong, for people. */
  error_message?: string;
}

/** `status` is null when the answering service does not know the file_id. */
export interface ProcessingStatusReply {
  status: ProcessingStatus | null;
}
