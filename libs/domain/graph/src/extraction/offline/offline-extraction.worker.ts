// Entry of the offline extraction worker thread (see ThreadedOfflineExtractor): one source at a time.
import { serveWorkerTasks } from '@trove/platform-workers';
import type { ExtractionInput, ExtractionResult } from '../../ports/graph-extractor';
import { OfflineExtractor } from './offline-extractor';

const extractor = new OfflineExtractor();

serveWorkerTasks<ExtractionInput, ExtractionResult>((input) => extractor.extract(input));
