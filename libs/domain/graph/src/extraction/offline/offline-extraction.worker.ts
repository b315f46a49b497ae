// Entry of the offline extraction worker thread (see ThreadedOfflineExtractor): one source at a time.
import { parentPort } from 'node:worker_threads';
import type { ExtractionInput } from '../../ports/graph-extractor';
import { OfflineExtractor } from './offline-extractor';

export interface OfflineWorkerRequest {
  id: number;
  input: ExtractionInput;
}

const extractor = new OfflineExtractor();

parentPort?.on('message', (request: OfflineWorkerRequest) => {
  extractor.extract(request.input).then(
    (result) => parentPort?.postMessage({ id: request.id, ok: true, result }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
