import { MemoryPatterns, RawEmbeddingsPatterns } from '@trove/contracts';

/**
 * Who verify-processing asks about a file_id, in order of precedence: each answers the status
 * pattern with its ProcessingStatusReply, null when the id is not its own; the first non-null
 * answer wins. All are asked at once.
 *
 * The ingestion service (documents, web pages) joins with one line, `IngestionPatterns.processingStatus`,
 * once it answers that pattern; until then asking it would only cost a timeout.
 */
export const PROCESSING_STATUS_SOURCES: readonly string[] = [
  MemoryPatterns.status,
  RawEmbeddingsPatterns.status,
];
