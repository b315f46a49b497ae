import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  FullTextSearchRequest,
  GraphContext,
  GraphContextRequest,
  GraphPatterns,
  HybridSearchRequest,
  resolveSubTenantId,
  SearchPatterns,
  SearchResult,
} from '@trove/contracts';
import { loadConfig } from '@trove/platform-config';
import { TransportClient } from '@trove/platform-transport';
// The one exception to "the gateway imports no domain library" (STYLE.md §10): the gateway joins
// the search's candidates and the graph's context, and runs the very function the search domain
// tests and benchmarks (a framework-free file with no runtime imports, not the domain's index).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { graphCandidateCount, rankByGraphEvidence } from '@trove/domain-search/dist/graph-ranking/graph-evidence';
import { Authenticated } from '../auth/authenticated.decorator';
import { GatewayConfig } from '../gateway-config';
import { FullTextSearchDto, HybridSearchDto, SearchResponse } from './search.dto';

/** How long the gateway waits for an accurate search (its stages' time boxes, and the search). */
const ACCURATE_REPLY_TIMEOUT_MS = 15_000;

@ApiTags('search')
@Controller('search')
export class SearchController {
  /**
   * SEARCH_GRAPH_WEIGHT, from the environment the app validated at boot (GatewayConfig: a bad
   * value has already stopped start-up with the variable's name).
   */
  private readonly graphWeight = loadConfig(GatewayConfig).SEARCH_GRAPH_WEIGHT;

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
    // Graph-aware ranking (docs/api.md, Search): a wider candidate list, re-scored by its graph
    // evidence, the best max_chunks kept. Weight 0: no re-ranking, so no need to ask for more.
    const rerank = body.graph_context === true && this.graphWeight > 0;
    const result = await this.transport.send<SearchResult>(
      SearchPatterns.hybrid,
      {
        tenant_id: body.tenant_id,
        sub_tenant_id,
        query: body.query,
        max_chunks: rerank ? graphCandidateCount(max_chunks) : max_chunks,
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
    if (body.graph_context !== true) return result;
    // The graph walks from the query's entities and from the chunks found (docs/api.md,
    // "Knowledge graph"); a graph service that cannot answer fails the search rather than
    // answering an empty context that looks like "nothing is known".
    const graph_context = await this.transport.send<GraphContext>(GraphPatterns.context, {
      tenant_id: body.tenant_id,
      sub_tenant_id,
      query: body.query,
      chunk_ids: result.chunks.map((chunk) => chunk.chunk_uuid),
    } satisfies GraphContextRequest);
    if (!rerank) return { ...result, graph_context };
    const ranked = rankByGraphEvidence(result.chunks, graph_context, {
      weight: this.graphWeight,
      keep: max_chunks,
      query: body.query,
    });
    return { ...result, chunks: ranked.chunks, graph_context: ranked.graph_context };
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
