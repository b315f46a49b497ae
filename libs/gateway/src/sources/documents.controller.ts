import { Body, Controller, HttpCode, Patch, Post, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  DomainError,
  IngestionPatterns,
  PackedBytes,
  resolveSubTenantId,
  SourceAccepted,
  UploadDocumentRequest,
  UpsertWebpageRequest,
} from '@trove/contracts';
import { Consumes, MULTIPART_ROUTE, UploadedFile, uploadedFilesOf } from '@trove/platform-http';
import {
  discardPacked,
  INLINE_MAX_BYTES,
  packBytes,
  PayloadStash,
  TransportClient,
} from '@trove/platform-transport';
import type { FastifyRequest } from 'fastify';
import { Authenticated } from '../auth/authenticated.decorator';
import { UpdateWebpageFormDto, UpdateWebpageQueryDto, UploadDocumentFieldsDto } from './sources.dto';
import { SourceAcceptedResponse } from './sources.responses';

/** The multipart field that carries the document. */
export const FILE_FIELD = 'file';

/** The one file of an upload, or a 422 that says what was sent instead. */
function theFile(files: UploadedFile[]): UploadedFile {
  const file = files[0];
  if (file === undefined) {
    throw new DomainError(
      'VALIDATION_ERROR',
      `Invalid request: a file is required in the "${FILE_FIELD}" field`,
      {
        errors: [{ field: FILE_FIELD, message: 'a file is required' }],
      },
    );
  }
  if (file.field !== FILE_FIELD) {
    throw new DomainError(
      'VALIDATION_ERROR',
      `Invalid request: send the file in the "${FILE_FIELD}" field, not "${file.field}"`,
      {
        errors: [{ field: file.field, message: `files go in the "${FILE_FIELD}" field` }],
      },
    );
  }
  return file;
}

/** Moving a large file to the service takes longer than an ordinary request may: 1 s more per MiB. */
function uploadTimeoutMs(bytes: number): number | undefined {
  return bytes <= INLINE_MAX_BYTES ? undefined : 30_000 + Math.ceil(bytes / (1024 * 1024)) * 1000;
}

@ApiTags('sources')
@Controller()
export class DocumentsController {
  constructor(
    private readonly transport: TransportClient,
    private readonly stash: PayloadStash,
  ) {}

  @Post('ingestion/upload-document')
  @HttpCode(200)
  @RouteConfig(MULTIPART_ROUTE)
  @Consumes('multipart/form-data')
  @Authenticated({ scope: 'write', tenant: 'body' })
  @ApiOperation({
    summary: 'Upload a document (text, Markdown, HTML, CSV, PDF, DOCX); processed in the background',
    description:
      'multipart/form-data: `file` and the fields below. Re-uploading a file_id replaces that source ' +
      'everywhere. Follow processing with POST /ingestion/verify-processing.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'tenant_id'],
      properties: {
        file: { type: 'string', format: 'binary' },
        tenant_id: { type: 'string' },
        sub_tenant_id: { type: 'string' },
        file_id: { type: 'string' },
        title: { type: 'string' },
        metadata: { type: 'string', description: 'JSON object' },
        tenant_metadata: { type: 'string', description: 'JSON object' },
      },
    },
  })
  @ApiOkResponse({ type: SourceAcceptedResponse })
  @ApiPayloadTooLargeResponse({ description: 'FILE_TOO_LARGE: over MAX_UPLOAD_BYTES' })
  async upload(
    @Body() fields: UploadDocumentFieldsDto,
    @Req() request: FastifyRequest,
  ): Promise<SourceAccepted> {
    const file = theFile(uploadedFilesOf(request));
    const content = await packBytes(this.stash, file.bytes);
    const payload: UploadDocumentRequest = {
      tenant_id: fields.tenant_id,
      sub_tenant_id: resolveSubTenantId(fields.tenant_id, fields.sub_tenant_id),
      file_id: fields.file_id,
      title: fields.title,
      metadata: fields.metadata,
      tenant_metadata: fields.tenant_metadata,
      file_name: file.filename || 'document',
      mime_type: file.mimetype || undefined,
      content,
    };
    return this.sendPacked(IngestionPatterns.uploadDocument, payload, content, file.bytes.length);
  }

  @Patch('upload/update_webpage')
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded')
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({
    summary: 'Create or replace the web page source_id (upsert); fetched from web_url unless html is given',
    description: 'Body: application/x-www-form-urlencoded, every field optional.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOkResponse({ type: SourceAcceptedResponse })
  async updateWebpage(
    @Query() query: UpdateWebpageQueryDto,
    @Body() form: UpdateWebpageFormDto,
  ): Promise<SourceAccepted> {
    const payload: UpsertWebpageRequest = {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      source_id: query.source_id,
      web_url: query.web_url,
      title: form.title,
      description: form.description,
      note: form.note,
      metadata: form.metadata,
      html: form.html,
    };
    return this.sendPacked(
      IngestionPatterns.upsertWebpage,
      payload,
      undefined,
      form.html === undefined ? 0 : Buffer.byteLength(form.html, 'utf8'),
    );
  }

  /** Sends, and drops the stashed bytes when the service never took them. */
  private async sendPacked(
    pattern: string,
    payload: UploadDocumentRequest | UpsertWebpageRequest,
    packed: PackedBytes | undefined,
    bytes: number,
  ): Promise<SourceAccepted> {
    try {
      return await this.transport.send<SourceAccepted>(pattern, payload, {
        timeoutMs: uploadTimeoutMs(bytes),
      });
    } catch (error: unknown) {
      if (packed !== undefined) await discardPacked(this.stash, packed).catch(() => undefined);
      throw error;
    }
  }
}
