/** Processing states (docs/api.md, Processing status). `success` is accepted from clients as `completed`, never emitted. */
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
  /** How far processing got, when the answering service tracks it (sources do). */
  progress?: ProcessingProgress;
}

/** Progress counts of one item's processing (verify-processing reports them). */
export interface ProcessingProgress {
  /** Chunks the content was cut into; 0 until its text is extracted. */
  chunks_total: number;
  /** Chunks written to every index; equals chunks_total once indexed. */
  chunks_indexed: number;
  /** Processing attempts started so far (retries and restarts included); 0 while queued. */
  attempts: number;
  /** Size of the stored content in bytes (0 for a web page not fetched yet). */
  size_bytes: number;
  /** ISO-8601 UTC: when this version was queued, started, and reached completed or errored. */
  queued_at: string;
  started_at?: string;
  /** When the chunks were indexed (searchable) and graph creation began. */
  indexed_at?: string;
  finished_at?: string;
  /** What graph creation read out of the item, once it has run. */
  graph?: GraphSummary;
}

/** The knowledge graph one item's text became, and what reading it cost. */
export interface GraphSummary {
  /** `offline`, or `llm:<model>`. */
  extractor: string;
  entities: number;
  relations: number;
  /** Tokens an LLM extractor spent on the item (both 0 with the offline extractor). */
  prompt_tokens: number;
  completion_tokens: number;
}

/** `status` is null when the answering service does not know the file_id. */
export interface ProcessingStatusReply {
  status: ProcessingStatus | null;
}
