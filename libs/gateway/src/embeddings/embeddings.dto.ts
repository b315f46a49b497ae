import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ID_PATTERN,
  RAW_MAX_DIMENSION,
  RAW_MAX_ROWS,
  RAW_SEARCH_DEFAULT_LIMIT,
  RAW_SEARCH_MAX_LIMIT,
} from '@trove/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { ID_MESSAGE, SubTenantScopeDto } from '../http/tenant-scope.dto';

/** Query of upload and update: `tenant_id`, optional `sub_tenant_id` (docs/api.md, Raw embeddings). */
export class EmbeddingsScopeQueryDto extends SubTenantScopeDto {}

/** The documented body of upload_embeddings (parsed off the event loop, not by this class). */
export class UploadEmbeddingsBodyDoc {
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'number' } },
    description: `1 to ${RAW_MAX_ROWS} rows of 1 to ${RAW_MAX_DIMENSION} numbers, every row of one length; the tenant's first upload fixes its dimension`,
  })
  embeddings!: number[][];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: ID_PATTERN.source,
    description:
      'Batch id; chunk ids are `{file_id}_{row}`. Generated when omitted or empty; an existing one is replaced',
  })
  file_id?: string | null;
}

export class UpdateEmbeddingsBodyDoc {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'number' } },
    description: `Chunk id → new vector; at most ${RAW_MAX_ROWS} ids, all of one batch and existing`,
  })
  embeddings!: Record<string, number[]>;
}

/** DELETE: exactly one of source_id and chunk_ids (repeat the parameter for several ids). */
/** A raw chunk id: `{file_id}_{row}` (docs/api.md, Raw embeddings), the file id an id of ID_PATTERN. */
const RAW_CHUNK_ID = /^[A-Za-z0-9._:-]{1,128}_\d{1,9}$/;

type DeleteTargets = { source_id?: unknown; chunk_ids?: unknown };
const oneTarget = (query: DeleteTargets) =>
  (query.source_id !== undefined) !== (query.chunk_ids !== undefined);

/**
 * Exactly one of source_id and chunk_ids, and source_id a valid id when it is the one: one rule,
 * so that a request naming neither gets one message, not three.
 */
function DeleteTarget(): PropertyDecorator {
  return ValidateBy({
    name: 'deleteTarget',
    validator: {
      validate: (value: unknown, args) =>
        oneTarget(args?.object as DeleteTargets) &&
        (value === undefined || (typeof value === 'string' && ID_PATTERN.test(value))),
      defaultMessage: (args) =>
        oneTarget(args?.object as DeleteTargets)
          ? `source_id ${ID_MESSAGE}`
          : 'give exactly one of source_id and chunk_ids',
    },
  });
}

/**
 * chunk_ids as a list: repeated parameters (`chunk_ids=a_0&chunk_ids=a_1`), comma-separated
 * (`chunk_ids=a_0,a_1`), or both. Ids never hold a comma.
 */
function toChunkIdList({ value }: { value: unknown }): unknown {
  const parts = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(parts)) return parts;
  return parts.flatMap((part: unknown) =>
    typeof part === 'string'
      ? part
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== '')
      : [part],
  );
}

export class DeleteRawEmbeddingsQueryDto extends SubTenantScopeDto {
  @ApiPropertyOptional({ pattern: ID_PATTERN.source, description: 'Delete this whole batch (its file_id)' })
  // Checked when given, and when chunk_ids is missing too (neither: the exactly-one rule fails).
  @ValidateIf(
    (query: DeleteRawEmbeddingsQueryDto) => query.source_id !== undefined || query.chunk_ids === undefined,
  )
  @DeleteTarget()
  source_id?: string;

  @ApiPropertyOptional({
    type: [String],
    description: 'Delete these chunks: `chunk_ids=a_0&chunk_ids=a_1` or `chunk_ids=a_0,a_1`',
  })
  @IsOptional()
  @Transform(toChunkIdList)
  @IsArray()
  @ArrayMinSize(1, { message: 'chunk_ids must name at least one chunk id' })
  @ArrayMaxSize(RAW_MAX_ROWS)
  @Matches(RAW_CHUNK_ID, { each: true, message: 'each of chunk_ids must be a chunk id `{file_id}_{row}`' })
  chunk_ids?: string[];
}

export class SearchRawEmbeddingsDto extends SubTenantScopeDto {
  @ApiProperty({
    type: [Number],
    description: `The query vector: the tenant's dimension, at most ${RAW_MAX_DIMENSION}`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(RAW_MAX_DIMENSION)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  query_embedding!: number[];

  @ApiPropertyOptional({ minimum: 1, maximum: RAW_SEARCH_MAX_LIMIT, default: RAW_SEARCH_DEFAULT_LIMIT })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(RAW_SEARCH_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ type: [String], description: 'Only chunks of these batches (file ids)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(ID_PATTERN, { each: true, message: `each of source_ids ${ID_MESSAGE}` })
  source_ids?: string[];

  @ApiPropertyOptional({ default: false, description: 'Return each hit’s stored vector' })
  @IsOptional()
  @IsBoolean()
  include_embedding?: boolean;
}

export class UploadEmbeddingsResponse {
  @ApiProperty() file_id!: string;
  @ApiProperty() message!: string;
  @ApiProperty() success!: boolean;
  @ApiProperty({ enum: ['queued'], description: 'Read progress with POST /ingestion/verify-processing' })
  status!: 'queued';
}

export class UpdateEmbeddingsResponse {
  @ApiProperty() file_id!: string;
  @ApiProperty() message!: string;
  @ApiProperty() success!: boolean;
}

export class DeleteRawEmbeddingsResponse {
  @ApiProperty({ description: 'How many chunks existed and were deleted' }) delete_count!: number;
  @ApiProperty() success!: boolean;
  @ApiProperty({ description: 'Empty on success' }) error!: string;
}

export class RawEmbeddingHitDto {
  @ApiProperty() chunk_id!: string;
  @ApiProperty({ description: 'The batch (file_id) of the chunk' }) source_id!: string;
  @ApiProperty({ minimum: -1, maximum: 1, description: 'Cosine similarity' }) score!: number;
  @ApiProperty({ minimum: 0, maximum: 2, description: '1 − score' }) distance!: number;
  @ApiPropertyOptional({ type: [Number], description: 'With include_embedding: the stored vector (float32)' })
  embedding?: number[];
}
