/**
 * Why a source ended `errored`: the `error_code` that verify-processing reports. These are not
 * request errors (the upload itself succeeded); they describe what happened to its content.
 */
export const ProcessingErrorCodes = [
  /** The bytes are not what their type claims, or the parser could not read them (corrupt file). */
  'INVALID_FILE_FORMAT',
  /** A format Trove does not extract text from (images, archives, executables, …). */
  'UNSUPPORTED_FILE_TYPE',
  /** Over the configured size cap (upload or fetched page). */
  'FILE_TOO_LARGE',
  /** Parsed, but holds no text to index (blank file, scanned PDF without a text layer). */
  'EMPTY_CONTENT',
  /** A password-protected document. */
  'ENCRYPTED_FILE',
  /** Text extraction did not finish within its time limit. */
  'EXTRACTION_TIMEOUT',
  /** The web page's address is refused: not http(s), or a non-public address not allowed by configuration. */
  'URL_NOT_ALLOWED',
  /** The page answered with an HTTP error status. */
  'FETCH_HTTP_ERROR',
  /** The page did not answer in time (connect or total time limit). */
  'FETCH_TIMEOUT',
  /** More redirects than allowed. */
  'TOO_MANY_REDIRECTS',
  /** The page could not be reached (DNS, refused connection, TLS, reset). */
  'FETCH_FAILED',
  /** The page answered with content that is not a document Trove reads (an image, a video, …). */
  'UNSUPPORTED_CONTENT_TYPE',
  /** Indexing the chunks failed after every attempt. */
  'INDEXING_FAILED',
  /** Building the knowledge graph of the indexed chunks failed after every attempt. */
  'GRAPH_FAILED',
  /** Anything else, after every attempt; the logs of the ingestion service say more. */
  'PROCESSING_FAILED',
] as const;

export type ProcessingErrorCode = (typeof ProcessingErrorCodes)[number];

export function isProcessingErrorCode(value: unknown): value is ProcessingErrorCode {
  return typeof value === 'string' && (ProcessingErrorCodes as readonly string[]).includes(value);
}
