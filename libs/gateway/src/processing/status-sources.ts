import { IngestionPatterns, MemoryPatterns, RawEmbeddingsPatterns } from '@trove/contracts';

/**
 * Who verify-processing asks about a file_id, in order of precedence: each answers the status
 * pattern with its ProcessingStatusReply, null when the id is not its own; the first non-null
 * answer wins. All are asked at once.
 */
export const PROCESSING_STATUS_SOURCES: readonly string[] = [
  IngestionPatterns.processingStatus,
  MemoryPatterns.status,
  RawEmbeddingsPatterns.status,
];
