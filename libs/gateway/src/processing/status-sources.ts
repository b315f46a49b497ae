import {
  DomainError,
  IngestionPatterns,
  MemoryPatterns,
  ProcessingStatus,
  ProcessingStatusReply,
  ProcessingStatusRequest,
  RawEmbeddingsPatterns,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';

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

/**
 * An item's status now, from the first of PROCESSING_STATUS_SOURCES that knows its id (all asked
 * at once); 404 FILE_NOT_FOUND when none does. A source that failed before the first that knows
 * the id could have known it too, so its error is the answer, never a guess.
 */
export async function lookUpStatus(
  transport: TransportClient,
  request: ProcessingStatusRequest,
): Promise<ProcessingStatus> {
  const answers = await Promise.allSettled(
    PROCESSING_STATUS_SOURCES.map((pattern) => transport.send<ProcessingStatusReply>(pattern, request)),
  );
  for (const answer of answers) {
    if (answer.status === 'rejected') throw answer.reason;
    if (answer.value.status) return answer.value.status;
  }
  throw new DomainError(
    'FILE_NOT_FOUND',
    `No file, batch or memory "${request.file_id}" in this tenant and sub-tenant`,
  );
}
