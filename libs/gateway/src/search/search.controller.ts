import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  DomainError,
  FullTextSearchRequest,
  GraphContext,
  GraphContextRequest,
  GraphPatterns,
  HybridSearchRequest,
  resolveSubTenantId,
  SearchPatterns,
  SearchResult,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { Authenticated } from '../auth/authenticated.decorator';
import { FullTextSearchDto, HybridSearchDto, SearchResponse } from './search.dto';

/** Options the API accepts whose capabilities have not landed: refused, never silently ignored. */
function refuseUnavailable(body: HybridSearchDto): void {
  const unavailable: string[] = [];
  if (body.mode === 'accurate') unavailable.push('mode "accurate" (multi-query generation with reranking)');
  if (unavailable.length > 0) {
    throw new DomainError(
      'NOT_IMPLEMENTED',
      `Not available yet: ${unavailable.join(', ')}. Leave them unset or false.`,
      {
        errors: unavailable.map((option) => ({ field: option.split(' ')[0]!, message: 'not available yet' })),
      },
    );
  }
}

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly transport: TransportClient) {}

  @Post('hybrid-search')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'body' })
  @ApiOperation({ summary: 'Keyword and semantic search fused by alpha, with recency and related chunks' })
  @ApiOkResponse({ type: SearchResponse })
  @ApiUnprocessableEntityResponse({
    description: 'VALIDATION_ERROR, or NOT_IMPLEMENTED for options not available yet',
  })
  async hybrid(@Body() body: HybridSearchDto): Promise<SearchResult> {
    refuseUnavailable(body);
    const sub_tenant_id = resolveSubTenantId(body.tenant_id, body.sub_tenant_id);
    const result = await this.transport.send<SearchResult>(SearchPatterns.hybrid, {
      tenant_id: body.tenant_id,
      sub_tenant_id,
      query: body.query,
      max_chunks: body.max_chunks ?? 10,
      alpha: body.alpha ?? 0.8,
      recency_bias: body.recency_bias ?? 0,
      num_related_chunks: body.num_related_chunks ?? 0,
      search_mode: body.search_mode ?? 'sources',
      ...(body.extra_context?.trim() ? { extra_context: body.extra_context } : {}),
      ...(body.personalise_search === true ? { personalise: true } : {}),
    } satisfies HybridSearchRequest);
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
    return { ...result, graph_context };
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
