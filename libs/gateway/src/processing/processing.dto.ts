import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ID_PATTERN, IndexingStatus, IndexingStatuses, ProcessingProgress } from '@trove/contracts';
import { IsString, Matches } from 'class-validator';
import { ID_MESSAGE, SubTenantScopeDto } from '../http/tenant-scope.dto';

export class VerifyProcessingQueryDto extends SubTenantScopeDto {
  @ApiProperty({ pattern: ID_PATTERN.source, description: 'A file_id, source_id or memory_id' })
  @IsString()
  @Matches(ID_PATTERN, { message: `file_id ${ID_MESSAGE}` })
  file_id!: string;
}

export class VerifyProcessingResponse {
  @ApiProperty() file_id!: string;
  @ApiProperty({ enum: IndexingStatuses }) indexing_status!: IndexingStatus;
  @ApiPropertyOptional({ description: 'Set when errored' }) error_code?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'Beyond SPEC: chunks_total, chunks_indexed, attempts, size_bytes, queued_at, started_at, indexed_at, finished_at, and graph {extractor, entities, relations, prompt_tokens, completion_tokens} once graph creation ran (sources only)',
  })
  progress?: ProcessingProgress;
  @ApiProperty() success!: boolean;
  @ApiProperty({ example: 'Processing status retrieved successfully' }) message!: string;
}
