import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  FullTextSearchRequest,
  GraphContextRequest,
  graphCandidateCount,
  GraphPatterns,
  GraphRankedChunk,
  HybridSearchRequest,
  RankedGraphContext,
  resolveSubTenantId,
  ResultChunk,
  SearchPatterns,
  SearchResult,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { FullTextSearchDto, HybridSearchDto, SearchResponse } from './search.dto';

/** How long the gateway waits for an accurate search (its stages' time boxes, and the search). */
const ACCURATE_REPLY_TIMEOUT_MS = 15_000;

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly transport: TransportClient) {}

  @Post('hybrid-search')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'body' })
  @ApiOperation({ summary: 'Keyword and semantic search fused by alpha, with recency and related chunks' })
  @ApiOkResponse({ type: SearchResponse })
  @ApiUnprocessableEntityResponse({ description: 'VALIDATION_ERROR' })
  async hybrid(@Body() body: HybridSearchDto): Promise<SearchResult> {
    const sub_tenant_id = resolveSubTenantId(body.tenant_id, body.sub_tenant_id);
    const max_chunks = body.max_chunks ?? 10;
    // Graph-aware ranking (docs/api.md, Search): a wider candidate list (graphCandidateCount),
    // which the graph service re-scores by its graph evidence, keeping the best max_chunks.
    const graphAware = body.graph_context === true;
    const result = await this.transport.send<SearchResult>(
      SearchPatterns.hybrid,
      {
        tenant_id: body.tenant_id,
        sub_tenant_id,
        query: body.query,
        max_chunks: graphAware ? graphCandidateCount(max_chunks) : max_chunks,
        alpha: body.alpha ?? 0.8,
        recency_bias: body.recency_bias ?? 0,
        num_related_chunks: body.num_related_chunks ?? 0,
        search_mode: body.search_mode ?? 'sources',
        ...(body.extra_context?.trim() ? { extra_context: body.extra_context } : {}),
        ...(body.personalise_search === true ? { personalise: true } : {}),
        ...(body.mode === 'accurate' ? { mode: 'accurate' as const } : {}),
        ...(body.explain === true ? { explain: true } : {}),
      } satisfies HybridSearchRequest,
      // Accurate mode's stages are time-boxed by the search service (2 + 2 + 4 s by default,
      // docs/api.md, Search: accurate mode); the reply may take that long.
      body.mode === 'accurate' ? { timeoutMs: ACCURATE_REPLY_TIMEOUT_MS } : undefined,
    );
    if (!graphAware) return result;
    // The graph walks from the query's entities and from the chunks found (docs/api.md,
    // "Knowledge graph"); a graph service that cannot answer fails the search rather than
    // answering an empty context that looks like "nothing is known". With `rank`, it re-scores the
    // chunks and keeps max_chunks of them; its context speaks of those only. The ranking itself is
    // not part of the HTTP response: the chunks carry it.
    const { ranking, ...graph_context } = await this.transport.send<RankedGraphContext>(
      GraphPatterns.context,
      {
        tenant_id: body.tenant_id,
        sub_tenant_id,
        query: body.query,
        chunk_ids: result.chunks.map((chunk) => chunk.chunk_uuid),
        rank: { scores: result.chunks.map((chunk) => chunk.relevancy_score), keep: max_chunks },
      } satisfies GraphContextRequest,
    );
    // A graph service that gave no ranking (one older than it, mid-rollout) leaves the search's order.
    const chunks = ranking ? rankedChunks(result.chunks, ranking) : result.chunks.slice(0, max_chunks);
    return { ...result, chunks, graph_context };
  }

  @Post('full-text-search')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'body' })
  @ApiOperation({ summary: 'Keyword (BM25) search only, same response shape' })
  @ApiOkResponse({ type: SearchResponse })
  fullText(@Body() body: FullTextSearchDto): Promise<SearchResult> {
    return this.transport.send(SearchPatterns.fullText, {
      tenant_id: body.tenant_id,
      sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
      query: body.query,
      operator: body.operator ?? 'or',
      max_chunks: body.max_chunks ?? 10,
      search_mode: body.search_mode ?? 'sources',
    } satisfies FullTextSearchRequest);
  }
}

/**
 * The search's chunks in the graph's ranking order (the kept ones only), each with its new score
 * as relevancy_score and, with explain, `explain.graph` (when the graph lifted it) and `final`.
 */
function rankedChunks(chunks: ResultChunk[], ranking: GraphRankedChunk[]): ResultChunk[] {
  const byId = new Map(chunks.map((chunk) => [chunk.chunk_uuid, chunk]));
  return ranking.flatMap(({ chunk_id, score, graph }) => {
    const chunk = byId.get(chunk_id);
    if (!chunk) return [];
    const explain = chunk.explain
      ? { ...chunk.explain, ...(graph > 0 ? { graph } : {}), final: score }
      : undefined;
    return [{ ...chunk, relevancy_score: score, ...(explain ? { explain } : {}) }];
  });
}
