// Entry of the extraction worker thread (see ExtractionPool): one request at a time.
import { serveWorkerTasks } from '@trove/platform-workers';
import { chunkText } from '@trove/text';
import { ExtractedDocument, extractDocument, ExtractionInput } from './extract-document';
import { ExtractionError } from './extraction-error';

serveWorkerTasks<ExtractionInput, ExtractedDocument>(async (input) => {
  try {
    const result = await extractDocument(input);
    return input.chunk
      ? { ...result, chunks: chunkText(result.text).map((c) => ({ text: c.text, start: c.start })) }
      : result;
  } catch (error) {
    // The reply carries the error's `code`: a parser's own codes must not pass for ours.
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('INVALID_FILE_FORMAT', error instanceof Error ? error.message : String(error));
  }
});
