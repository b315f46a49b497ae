import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SearchMode, SearchModes } from '@trove/contracts';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { GraphChunkRelationDto, GraphQueryPathDto } from '../graph/graph.dto';
import { SubTenantScopeDto } from '../http/tenant-scope.dto';
import { IsAlphaValue, IsNotBlank } from '../http/validators';

export const MAX_QUERY_LENGTH = 8192;

class SearchBaseDto extends SubTenantScopeDto {
  @ApiProperty({ description: 'Search terms', maxLength: MAX_QUERY_LENGTH })
  @IsNotBlank()
  @MaxLength(MAX_QUERY_LENGTH)
  query!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 1001, default: 10 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1001)
  max_chunks?: number;

  @ApiPropertyOptional({
    enum: SearchModes,
    default: 'sources',
    description: 'memories: user memories (inferred content too)',
  })
  @IsOptional()
  @IsIn(SearchModes)
  search_mode?: SearchMode;
}

export class HybridSearchDto extends SearchBaseDto {
  @ApiPropertyOptional({ enum: ['fast', 'accurate'], default: 'fast' })
  @IsOptional()
  @IsIn(['fast', 'accurate'])
  mode?: 'fast' | 'accurate';

  @ApiPropertyOptional({
    default: false,
    description: "Beyond SPEC: each chunk carries `explain`, its score's parts (docs/api.md, Search)",
  })
  @IsOptional()
  @IsBoolean()
  explain?: boolean;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'number', minimum: 0, maximum: 1 },
      { type: 'string', enum: ['auto'] },
    ],
    default: 0.8,
    description: '0 keyword only, 1 semantic only; "auto" picks from the query',
  })
  @IsOptional()
  @IsAlphaValue()
  alpha?: number | 'auto';

  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: 0 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  recency_bias?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 10,
    default: 0,
    description: 'Neighbours from the same source per hit',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10)
  num_related_chunks?: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  personalise_search?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  graph_context?: boolean;

  @ApiPropertyOptional({ maxLength: MAX_QUERY_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_QUERY_LENGTH)
  extra_context?: string;
}

export class FullTextSearchDto extends SearchBaseDto {
  @ApiPropertyOptional({ enum: ['or', 'and'], default: 'or' })
  @IsOptional()
  @IsIn(['or', 'and'])
  operator?: 'or' | 'and';
}

export class ResultChunkDto {
  @ApiProperty() chunk_uuid!: string;
  @ApiProperty() source_id!: string;
  @ApiProperty() chunk_content!: string;
  @ApiProperty() source_type!: string;
  @ApiProperty() source_title!: string;
  @ApiProperty({ description: 'ISO-8601 UTC' }) source_upload_time!: string;
  @ApiProperty({ description: 'ISO-8601 UTC' }) source_last_updated_time!: string;
  @ApiProperty({ description: 'JSON text {"offsets":{"document_level_start_index":N}}' }) layout!: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) relevancy_score!: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) document_metadata!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) tenant_metadata!: Record<string, unknown>;
  @ApiPropertyOptional({ type: () => [ResultChunkDto] }) related_chunks?: ResultChunkDto[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'With explain: true, the parts of relevancy_score (docs/api.md, Search: explain)',
  })
  explain?: Record<string, number>;
}

export class GraphContextDto {
  @ApiProperty({ type: [GraphQueryPathDto] }) query_paths!: GraphQueryPathDto[];
  @ApiProperty({ type: [GraphChunkRelationDto] }) chunk_relations!: GraphChunkRelationDto[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } })
  chunk_id_to_group_ids!: Record<string, string[]>;
}

class AccurateStageDto {
  @ApiProperty({ enum: ['rewrite', 'second_hops', 'sentences', 'rerank'] }) stage!: string;
  @ApiProperty({ enum: ['done', 'failed'] }) status!: string;
  @ApiProperty() ms!: number;
  @ApiPropertyOptional({ description: 'Why the stage failed (the search went on without it)' })
  detail?: string;
}

class AccurateReportDto {
  @ApiProperty({ type: [String], description: "Every query searched, the request's own first" })
  queries!: string[];
  @ApiProperty({ type: [AccurateStageDto] }) stages!: AccurateStageDto[];
  @ApiProperty({ description: 'True when a stage failed: the answer is closer to fast mode' })
  degraded!: boolean;
}

export class SearchResponse {
  @ApiProperty({ type: [ResultChunkDto] }) chunks!: ResultChunkDto[];
  @ApiProperty({ type: GraphContextDto }) graph_context!: GraphContextDto;
  @ApiProperty({ description: 'The alpha used (the chosen one for "auto")' }) alpha!: number;
  @ApiPropertyOptional({ type: AccurateReportDto, description: 'With mode "accurate": what it ran' })
  accurate?: AccurateReportDto;
}
