// Entry of the offline extraction worker thread (see ThreadedOfflineExtractor): one source at a time.
import { serveWorkerTasks } from '@trove/platform-workers';
import { workerData } from 'node:worker_threads';
import type { ExtractionInput, ExtractionResult } from '../../ports/graph-extractor';
import { OfflineExtractor } from './offline-extractor';

/** What ThreadedOfflineExtractor gives each worker. */
export interface OfflineWorkerData {
  openPredicates: boolean;
}

const settings = workerData as OfflineWorkerData | null;
const extractor = new OfflineExtractor({ openPredicates: settings?.openPredicates ?? false });

serveWorkerTasks<ExtractionInput, ExtractionResult>((input) => extractor.extract(input));
