import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Response shapes of the source routes, for the OpenAPI document (docs/api.md, Sources). */

export class SourceAcceptedResponse {
  @ApiProperty() file_id!: string;
  @ApiProperty({ description: 'Equals file_id' }) source_id!: string;
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
}

class SourceFileDto {
  @ApiProperty() file_name!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size_bytes!: number;
}

class SourceContentDto {
  @ApiProperty() text!: string;
  @ApiProperty() html_base64!: string;
  @ApiProperty() csv_base64!: string;
  @ApiProperty() markdown!: string;
  @ApiProperty({ type: [SourceFileDto] }) files!: SourceFileDto[];
  @ApiProperty({ type: 'array', items: { type: 'object' } }) layout!: unknown[];
}

export class SourceRecordDto {
  @ApiProperty() id!: string;
  @ApiProperty() tenant_id!: string;
  @ApiProperty() sub_tenant_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['document', 'webpage'] }) type!: string;
  @ApiProperty() description!: string;
  @ApiProperty() note!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ description: 'ISO-8601 UTC of the last upload' }) timestamp!: string;
  @ApiProperty({ type: SourceContentDto }) content!: SourceContentDto;
  @ApiProperty({ type: 'object', additionalProperties: true }) tenant_metadata!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) document_metadata!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) meta!: Record<string, unknown>;
  @ApiProperty({ type: 'array', items: { type: 'object' } }) attachments!: unknown[];
}

export class ListSourcesResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'Sources of the sub-tenant in all (list), or found (list by id)' })
  total!: number;
  @ApiProperty({ type: [SourceRecordDto] }) sources!: SourceRecordDto[];
  @ApiPropertyOptional({ description: 'Present when more sources follow: pass it as cursor' })
  next_cursor?: string;
}

export class FetchSourceContentResponse {
  @ApiProperty() source_id!: string;
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size_bytes!: number;
  @ApiPropertyOptional({ description: 'Text content (mode content or both, text files)' }) content?: string;
  @ApiPropertyOptional({ description: 'Base64 content (mode content or both, binary files)' })
  content_base64?: string;
  @ApiPropertyOptional({
    description: 'Download link, valid without a key until it expires (mode url or both)',
  })
  presigned_url?: string;
  @ApiPropertyOptional({ description: 'ISO-8601 UTC expiry of presigned_url' }) expires_at?: string;
}

class DeleteSourceItemDto {
  @ApiProperty() source_id!: string;
  @ApiProperty() deleted!: boolean;
  @ApiPropertyOptional() error?: string;
}

export class DeleteSourcesResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty() deleted_count!: number;
  @ApiProperty({ type: [DeleteSourceItemDto] }) results!: DeleteSourceItemDto[];
}
