import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import {
  DomainError,
  FetchContentRequest,
  FetchContentResult,
  IngestionPatterns,
  resolveSubTenantId,
} from '@trove/contracts';
import { RequestContext } from '@trove/platform-logging';
import { PayloadStash, TransportClient, unpackBytes } from '@trove/platform-transport';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../auth/authenticated.decorator';
import { DOWNLOAD_PATH, DownloadLinks, DownloadTarget } from './download-links';
import { DOWNLOADS_BASE_URL } from './downloads.options';
import { DownloadQueryDto, FetchSourceContentDto } from './sources.dto';
import { FetchSourceContentResponse } from './sources.responses';

export const DEFAULT_EXPIRY_SECONDS = 3600;

/** content-disposition is an ES module; loaded once, on the first download. */
let attachmentHeader: Promise<(filename: string) => string> | undefined;
function attachment(filename: string): Promise<string> {
  attachmentHeader ??= import('content-disposition').then(
    ({ create }) =>
      (name: string) =>
        create(name),
  );
  return attachmentHeader.then((create) => create(filename));
}

@ApiTags('sources')
@Controller()
export class ContentController {
  constructor(
    private readonly transport: TransportClient,
    private readonly stash: PayloadStash,
    private readonly links: DownloadLinks,
    @Inject(DOWNLOADS_BASE_URL) private readonly baseUrl: string | undefined,
  ) {}

  @Post('fetch/fetch-source-content')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'body' })
  @ApiOperation({
    summary: "A source's stored content and/or a time-limited download link that needs no key",
  })
  @ApiOkResponse({ type: FetchSourceContentResponse })
  @ApiNotFoundResponse({ description: 'SOURCE_NOT_FOUND' })
  async fetch(@Body() body: FetchSourceContentDto): Promise<FetchSourceContentResponse> {
    const mode = body.mode ?? 'content';
    const expirySeconds = body.expiry_seconds ?? DEFAULT_EXPIRY_SECONDS;
    const target: DownloadTarget = {
      tenant_id: body.tenant_id,
      sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
      source_id: body.source_id,
    };
    const result = await this.fetchContent(target, mode, expirySeconds);
    const response: FetchSourceContentResponse = {
      source_id: result.source_id,
      success: true,
      message: 'File fetched successfully',
      content_type: result.content_type,
      size_bytes: result.size_bytes,
    };
    if (mode !== 'url') {
      const bytes = Buffer.from(await this.contentOf(result));
      if (result.binary) response.content_base64 = bytes.toString('base64');
      else response.content = bytes.toString('utf8');
    }
    if (mode !== 'content') {
      // MinIO presigns; the embedded blob store cannot, so the gateway signs a link it serves itself.
      const expiresAt = new Date(Date.now() + expirySeconds * 1000);
      response.presigned_url =
        result.presigned_url ?? this.links.url(this.baseUrl ?? '', this.links.sign(target, expirySeconds));
      response.expires_at = expiresAt.toISOString();
    }
    return response;
  }

  @Get(DOWNLOAD_PATH)
  @ApiOperation({
    summary: 'Download through a link from fetch-source-content (no key: the signature is checked)',
  })
  @ApiProduces('application/octet-stream')
  @ApiForbiddenResponse({ description: 'FORBIDDEN: the link expired or was altered' })
  @ApiNotFoundResponse({ description: 'SOURCE_NOT_FOUND: deleted since the link was made' })
  async download(@Query() query: DownloadQueryDto, @Res() reply: FastifyReply): Promise<void> {
    const target = this.links.verify(query);
    RequestContext.setTenant(target.tenant_id);
    const result = await this.fetchContent(target, 'content', 60);
    const bytes = await this.contentOf(result);
    const remaining = Math.max(0, query.expires - Math.floor(Date.now() / 1000));
    await reply
      .header('content-type', result.content_type || 'application/octet-stream')
      .header('content-length', bytes.byteLength)
      // Always a download, never rendered: stored HTML must not run in the API's origin.
      .header('content-disposition', await attachment(result.file_name || result.source_id))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', `private, max-age=${remaining}`)
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  private fetchContent(
    target: DownloadTarget,
    mode: FetchContentRequest['mode'],
    expirySeconds: number,
  ): Promise<FetchContentResult> {
    return this.transport.send<FetchContentResult>(IngestionPatterns.fetchContent, {
      ...target,
      mode,
      expiry_seconds: expirySeconds,
    } satisfies FetchContentRequest);
  }

  private async contentOf(result: FetchContentResult): Promise<Uint8Array> {
    if (result.content === undefined) {
      throw new DomainError('INTERNAL_ERROR', 'The ingestion service answered without the content');
    }
    return unpackBytes(this.stash, result.content);
  }
}
