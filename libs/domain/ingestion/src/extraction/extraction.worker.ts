// Entry of the extraction worker thread (see ExtractionPool): one request at a time.
import { parentPort } from 'node:worker_threads';
import { chunkText } from '@trove/text';
import { ExtractedDocument, extractDocument, ExtractionInput } from './extract-document';
import { ExtractionError } from './extraction-error';

export interface WorkerRequest {
  id: number;
  input: ExtractionInput;
}

parentPort?.on('message', (request: WorkerRequest) => {
  extractDocument(request.input)
    .then((result): ExtractedDocument =>
      request.input.chunk
        ? { ...result, chunks: chunkText(result.text).map((c) => ({ text: c.text, start: c.start })) }
        : result,
    )
    .then(
      (result) => parentPort?.postMessage({ id: request.id, ok: true, result }),
      (error: unknown) =>
        parentPort?.postMessage({
          id: request.id,
          ok: false,
          code: error instanceof ExtractionError ? error.code : 'INVALID_FILE_FORMAT',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
});
