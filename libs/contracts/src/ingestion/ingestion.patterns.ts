/** Message patterns answered by the ingestion service, which owns sources, their content and their jobs. */
export const IngestionPatterns = {
  /** Stores an uploaded file as a source and queues its processing (replacing an earlier upload). */
  uploadDocument: 'ingestion.document.upload',
  /** Creates or replaces a web page source; its content is given (html) or fetched by the service. */
  upsertWebpage: 'ingestion.webpage.upsert',
  listSourcesById: 'ingestion.sources.list-by-id',
  listSources: 'ingestion.sources.list',
  /** A source's stored content and/or a download link. */
  fetchContent: 'ingestion.source.fetch-content',
  /** Erases sources from every store: blob, record, job, chunks in every index. */
  deleteSources: 'ingestion.sources.delete',
  /** The processing status of a source (answers with null when the id is not a source). */
  processingStatus: 'ingestion.processing.status',
} as const;

/** Where a source came from. */
export const SourceTypes = ['document', 'webpage'] as const;
export type SourceType = (typeof SourceTypes)[number];

export const FetchModes = ['content', 'url', 'both'] as const;
export type FetchMode = (typeof FetchModes)[number];
