import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FetchMode, FetchModes, ID_PATTERN } from '@trove/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { ID_MESSAGE, SubTenantScopeDto } from '../http/tenant-scope.dto';
import { JsonObjectField } from './json-object.field';

/** Most ids one list-by-id or delete request may name. */
export const MAX_SOURCE_IDS = 1000;
export const MAX_TITLE_CHARS = 1024;
export const MAX_URL_CHARS = 2048;
export const MIN_EXPIRY_SECONDS = 60;
export const MAX_EXPIRY_SECONDS = 604_800;

const sourceIdRule = (field: string) => Matches(ID_PATTERN, { message: `${field} ${ID_MESSAGE}` });

/** The text fields of POST /ingestion/upload-document (multipart); the file travels beside them. */
export class UploadDocumentFieldsDto extends SubTenantScopeDto {
  @ApiPropertyOptional({
    pattern: ID_PATTERN.source,
    description: 'Generated when omitted; an existing id replaces that source everywhere',
  })
  @IsOptional()
  @IsString()
  @sourceIdRule('file_id')
  file_id?: string;

  @ApiPropertyOptional({ maxLength: MAX_TITLE_CHARS, description: "Defaults to the file's name" })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TITLE_CHARS)
  title?: string;

  @ApiPropertyOptional({ description: 'JSON object (as text): the document_metadata of the source' })
  @IsOptional()
  @JsonObjectField()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'JSON object (as text): the tenant_metadata of the source' })
  @IsOptional()
  @JsonObjectField()
  tenant_metadata?: Record<string, unknown>;
}

export class UpdateWebpageQueryDto extends SubTenantScopeDto {
  @ApiProperty({ maxLength: MAX_URL_CHARS, example: 'https://example.com/page' })
  @IsString()
  @MaxLength(MAX_URL_CHARS)
  @IsUrl(
    { require_tld: false, require_protocol: true, protocols: ['http', 'https'] },
    { message: 'web_url must be an http or https URL' },
  )
  web_url!: string;

  @ApiProperty({ pattern: ID_PATTERN.source, description: 'Created when new, replaced when it exists' })
  @IsString()
  @sourceIdRule('source_id')
  source_id!: string;
}

/** The form body of PATCH /upload/update_webpage (application/x-www-form-urlencoded), all optional. */
export class UpdateWebpageFormDto {
  @ApiPropertyOptional({ maxLength: MAX_TITLE_CHARS })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TITLE_CHARS)
  title?: string;

  @ApiPropertyOptional({ maxLength: 10_000 })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string;

  @ApiPropertyOptional({ maxLength: 10_000 }) @IsOptional() @IsString() @MaxLength(10_000) note?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'JSON object (as text): the document_metadata of the page',
  })
  @IsOptional()
  @JsonObjectField()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      "The page's HTML, indexed instead of fetching web_url (the body limit, MAX_BODY_BYTES, applies)",
  })
  @IsOptional()
  @IsString()
  html?: string;
}

class SourceIdsDto extends SubTenantScopeDto {
  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_SOURCE_IDS })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SOURCE_IDS)
  @IsString({ each: true })
  @Matches(ID_PATTERN, { each: true, message: `each of source_ids ${ID_MESSAGE}` })
  source_ids!: string[];
}

export class ListSourcesByIdDto extends SourceIdsDto {}

export class DeleteSourcesDto extends SourceIdsDto {}

export class ListSourcesQueryDto extends SubTenantScopeDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'The next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  cursor?: string;
}

export class FetchSourceContentDto extends SubTenantScopeDto {
  @ApiProperty({ pattern: ID_PATTERN.source })
  @IsString()
  @sourceIdRule('source_id')
  source_id!: string;

  @ApiPropertyOptional({ enum: FetchModes, default: 'content' })
  @IsOptional()
  @IsIn(FetchModes, { message: `mode must be one of ${FetchModes.join(', ')}` })
  mode?: FetchMode;

  @ApiPropertyOptional({ minimum: MIN_EXPIRY_SECONDS, maximum: MAX_EXPIRY_SECONDS, default: 3600 })
  @IsOptional()
  @IsInt()
  @Min(MIN_EXPIRY_SECONDS)
  @Max(MAX_EXPIRY_SECONDS)
  expiry_seconds?: number;
}

/** The query of a signed download link (GET /fetch/download); checked by its signature. */
export class DownloadQueryDto {
  @IsString() @Matches(ID_PATTERN, { message: `tenant_id ${ID_MESSAGE}` }) tenant_id!: string;
  @IsString() @Matches(ID_PATTERN, { message: `sub_tenant_id ${ID_MESSAGE}` }) sub_tenant_id!: string;
  @IsString() @sourceIdRule('source_id') source_id!: string;
  @Type(() => Number) @IsInt() @Min(0) expires!: number;
  @IsString() @MaxLength(128) signature!: string;
}
