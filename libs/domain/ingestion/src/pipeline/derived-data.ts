import {
  DeleteSourcesRequest,
  GraphDeleteSourcesRequest,
  GraphPatterns,
  SearchPatterns,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';

/**
 * Erases what other services made of some sources: their chunks in the search indexes, then
 * their facts in the knowledge graph (with the entities no other source mentions). Either send
 * may fail; callers erase their own records only after both succeeded, so that doing it again
 * finishes the job. `graph: false` (INGESTION_GRAPH=false) leaves the graph service out.
 */
export async function eraseDerivedData(
  transport: TransportClient,
  request: DeleteSourcesRequest,
  options: { graph: boolean },
): Promise<void> {
  await transport.send(SearchPatterns.deleteSources, request);
  if (options.graph) {
    await transport.send(GraphPatterns.deleteSources, request satisfies GraphDeleteSourcesRequest);
  }
}
