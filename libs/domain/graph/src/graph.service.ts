import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  CountsReply,
  GraphContextRequest,
  GraphDeleteSourcesRequest,
  GraphDeleteSourcesResult,
  GraphExtractRequest,
  GraphExtractResult,
  GraphRelationsRequest,
  RankedGraphContext,
  TripletWithEvidence,
} from '@trove/contracts';
import { GraphContextBuilder } from './context/graph-context';
import { rankByGraphEvidence } from './context/graph-ranking';
import { GraphSettings } from './graph-settings';
import { GraphWrites } from './graph-writes';
import {
  checkContextRequest,
  checkDeleteSourcesRequest,
  checkExtractRequest,
  checkRelationsRequest,
} from './graph.validation';
import { GraphExtractor } from './ports/graph-extractor';
import { GraphStore } from './ports/graph-store';
import { SimilarNames } from './resolution/similar-names';

export const GRAPH_SETTINGS = Symbol('GraphSettings');

/**
 * The graph domain's rules: a source's chunks are extracted and become its whole graph (a second
 * extraction replaces the first), relations are read back per source, a query's entities are
 * walked for search, and deletes take the entities no source mentions any more with them.
 */
@Injectable()
export class GraphService {
  private readonly logger = new Logger('GraphService');
  private readonly writes: GraphWrites;

  constructor(
    private readonly store: GraphStore,
    private readonly extractor: GraphExtractor,
    private readonly context: GraphContextBuilder,
    @Inject(GRAPH_SETTINGS) private readonly settings: GraphSettings,
    @Optional() private readonly similarNames: SimilarNames | null = null,
  ) {
    this.writes = new GraphWrites(store);
  }

  async extract(request: GraphExtractRequest): Promise<GraphExtractResult> {
    checkExtractRequest(request, this.settings.GRAPH_MAX_CHUNKS_PER_REQUEST);
    const scope = { tenant_id: request.tenant_id, sub_tenant_id: request.sub_tenant_id };
    const result = await this.extractor.extract({
      chunks: request.chunks.map(({ chunk_id, text }) => ({ chunk_id, text })),
      reference_time: new Date(request.reference_time),
    });
    if (result.gaveUp) {
      this.logger.warn(
        `${this.extractor.name} extractor gave up on source ${request.source_id} (tenant ${request.tenant_id}): it stays searchable, with no graph`,
      );
    } else if (result.unreadSentences) {
      this.logger.warn(
        `${this.extractor.name} extractor could not read the relations of ${result.unreadSentences} sentence(s) of source ${request.source_id} (tenant ${request.tenant_id}); their names are kept`,
      );
    }
    await this.similarNames?.link(scope, result.chunks);
    await this.writes.replace(scope, { source_id: request.source_id, chunks: result.chunks });
    const entities = new Set(
      result.chunks.flatMap((c) => c.entities.map((e) => `${e.type}\u0000${e.keys[0]}`)),
    );
    return {
      entities: entities.size,
      relations: result.chunks.reduce((sum, c) => sum + c.relations.length, 0),
      extractor: this.extractor.name,
      ...(result.usage ? { usage: result.usage } : {}),
    };
  }

  async relationsBySource(request: GraphRelationsRequest): Promise<TripletWithEvidence[]> {
    checkRelationsRequest(request);
    return this.store.relationsOfSource(request, request.source_id);
  }

  async deleteSources(request: GraphDeleteSourcesRequest): Promise<GraphDeleteSourcesResult> {
    checkDeleteSourcesRequest(request);
    return { deleted: await this.store.deleteSources(request, request.source_ids) };
  }

  deleteSubTenant(tenantId: string, subTenantId: string): Promise<void> {
    return this.store.deleteSubTenant({ tenant_id: tenantId, sub_tenant_id: subTenantId });
  }

  async counts(tenantId: string): Promise<CountsReply> {
    const counts = await this.store.countsBySubTenant(tenantId);
    return { by_sub_tenant: Object.fromEntries(counts) };
  }

  /**
   * The context of a query and its result chunks; with `rank`, the chunks re-ranked by their graph
   * evidence (GRAPH_RANKING_WEIGHT), the best `keep` of them, and the context of those only.
   */
  async graphContext(request: GraphContextRequest): Promise<RankedGraphContext> {
    checkContextRequest(request);
    const context = await this.context.build(request, request.query, request.chunk_ids);
    const { rank } = request;
    if (!rank) return context;
    const ranked = rankByGraphEvidence(
      request.chunk_ids.map((chunk_id, i) => ({ chunk_id, score: rank.scores[i]! })),
      context,
      { weight: this.settings.GRAPH_RANKING_WEIGHT, keep: rank.keep, query: request.query },
    );
    return { ...ranked.graph_context, ranking: ranked.ranking };
  }
}
