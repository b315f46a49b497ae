import { Body, Controller, Delete, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DeleteRawEmbeddingsRequest,
  DeleteRawEmbeddingsResult,
  PackedBytes,
  RAW_SEARCH_DEFAULT_LIMIT,
  RawEmbeddingsPatterns,
  resolveSubTenantId,
  SearchRawEmbeddingsRequest,
  SearchRawEmbeddingsResult,
  UpdateRawEmbeddingsRequest,
  UpdateRawEmbeddingsResult,
  UploadRawEmbeddingsRequest,
  UploadRawEmbeddingsResult,
} from '@trove/contracts';
import { rawJsonRoute } from '@trove/platform-http';
import {
  bytesAsFloat32,
  discardPacked,
  float32Bytes,
  packBytes,
  PayloadStash,
  TransportClient,
  unpackBytes,
} from '@trove/platform-transport';
import { randomUUID } from 'node:crypto';
import { Authenticated } from '../auth/authenticated.decorator';
import { EmbeddingsJsonParser } from './embeddings-json.parser';
import {
  DeleteRawEmbeddingsQueryDto,
  DeleteRawEmbeddingsResponse,
  EmbeddingsScopeQueryDto,
  RawEmbeddingHitDto,
  SearchRawEmbeddingsDto,
  UpdateEmbeddingsBodyDoc,
  UpdateEmbeddingsResponse,
  UploadEmbeddingsBodyDoc,
  UploadEmbeddingsResponse,
} from './embeddings.dto';

/**
 * Body limit of upload and update: the largest legal body (2000 × 3024 numbers) is about 120 MB
 * as JSON.stringify writes doubles and 126 MB as Python's json.dumps does; 192 MiB leaves room for
 * exponents and indentation. Larger bodies are refused with 413 before they are read.
 */
export const EMBEDDINGS_BODY_LIMIT_BYTES = 192 * 1024 * 1024;

@ApiTags('embeddings')
@Controller()
export class EmbeddingsController {
  constructor(
    private readonly transport: TransportClient,
    private readonly stash: PayloadStash,
    private readonly parser: EmbeddingsJsonParser,
  ) {}

  @Post('upload/upload_embeddings')
  @HttpCode(200)
  @RouteConfig(rawJsonRoute(EMBEDDINGS_BODY_LIMIT_BYTES))
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({
    summary:
      'Store pre-computed vectors as a batch (queued; searchable once verify-processing says completed)',
  })
  @ApiBody({ type: UploadEmbeddingsBodyDoc })
  @ApiOkResponse({ type: UploadEmbeddingsResponse })
  @ApiBadRequestResponse({
    description: 'DIMENSION_MISMATCH, TOO_MANY_ROWS, INVALID_PARAMETERS (over 3024 columns, a zero vector)',
  })
  async upload(
    @Query() query: EmbeddingsScopeQueryDto,
    @Body() body: Buffer,
  ): Promise<UploadEmbeddingsResponse> {
    const parsed = await this.parser.upload(body);
    const fileId = parsed.file_id ?? randomUUID();
    const vectors = await packBytes(this.stash, float32Bytes(parsed.vectors));
    const result = await this.sendPacked<UploadRawEmbeddingsResult>(RawEmbeddingsPatterns.upload, vectors, {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      file_id: fileId,
      rows: parsed.rows,
      dimension: parsed.dimension,
      vectors,
    } satisfies UploadRawEmbeddingsRequest);
    return {
      file_id: result.file_id,
      message: `${result.rows} embeddings queued${result.replaced ? ', replacing the earlier batch' : ''}`,
      success: true,
      status: result.status,
    };
  }

  @Patch('upload/update_embeddings')
  @RouteConfig(rawJsonRoute(EMBEDDINGS_BODY_LIMIT_BYTES))
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({ summary: 'Replace vectors by chunk id (all of one batch, all existing)' })
  @ApiBody({ type: UpdateEmbeddingsBodyDoc })
  @ApiOkResponse({ type: UpdateEmbeddingsResponse })
  async update(
    @Query() query: EmbeddingsScopeQueryDto,
    @Body() body: Buffer,
  ): Promise<UpdateEmbeddingsResponse> {
    const parsed = await this.parser.update(body);
    const vectors = await packBytes(this.stash, float32Bytes(parsed.vectors));
    const result = await this.sendPacked<UpdateRawEmbeddingsResult>(RawEmbeddingsPatterns.update, vectors, {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      chunk_ids: parsed.chunk_ids,
      dimension: parsed.dimension,
      vectors,
    } satisfies UpdateRawEmbeddingsRequest);
    return {
      file_id: result.file_id,
      message: `${result.updated} embeddings updated, queued`,
      success: true,
    };
  }

  @Delete('embeddings/delete-raw-embeddings')
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({ summary: 'Delete a batch (source_id) or some chunks (chunk_ids)' })
  @ApiOkResponse({ type: DeleteRawEmbeddingsResponse })
  async delete(@Query() query: DeleteRawEmbeddingsQueryDto): Promise<DeleteRawEmbeddingsResponse> {
    const result = await this.transport.send<DeleteRawEmbeddingsResult>(RawEmbeddingsPatterns.delete, {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      ...(query.source_id !== undefined ? { source_id: query.source_id } : { chunk_ids: query.chunk_ids }),
    } satisfies DeleteRawEmbeddingsRequest);
    return { delete_count: result.delete_count, success: true, error: '' };
  }

  @Post('embeddings/search-raw-embeddings')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'body' })
  @ApiOperation({ summary: 'Nearest chunks by cosine similarity to a query vector' })
  @ApiOkResponse({ type: [RawEmbeddingHitDto] })
  async search(@Body() body: SearchRawEmbeddingsDto): Promise<RawEmbeddingHitDto[]> {
    const includeEmbedding = body.include_embedding ?? false;
    const result = await this.transport.send<SearchRawEmbeddingsResult>(RawEmbeddingsPatterns.search, {
      tenant_id: body.tenant_id,
      sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
      query: Buffer.from(float32Bytes(Float32Array.from(body.query_embedding))).toString('base64'),
      limit: body.limit ?? RAW_SEARCH_DEFAULT_LIMIT,
      source_ids: body.source_ids,
      include_embedding: includeEmbedding,
    } satisfies SearchRawEmbeddingsRequest);
    if (!includeEmbedding || !result.embeddings) return result.hits;
    const block = bytesAsFloat32(await unpackBytes(this.stash, result.embeddings));
    const d = result.dimension;
    return result.hits.map((hit, i) => ({
      ...hit,
      embedding: Array.from(block.subarray(i * d, (i + 1) * d)),
    }));
  }

  /** Sends a request carrying packed vectors; if it fails, drops them from the stash. */
  private async sendPacked<T>(pattern: string, packed: PackedBytes, payload: object): Promise<T> {
    try {
      return await this.transport.send<T>(pattern, payload);
    } catch (error) {
      await discardPacked(this.stash, packed).catch(() => undefined);
      throw error;
    }
  }
}
