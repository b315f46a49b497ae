import { ApiPropertyOptional } from '@nestjs/swagger';
import { ID_PATTERN } from '@trove/contracts';
import { IsOptional, IsString, Matches } from 'class-validator';
import { ID_MESSAGE, SubTenantScopeDto } from '../http/tenant-scope.dto';

export class StatusEventsQueryDto extends SubTenantScopeDto {
  @ApiPropertyOptional({
    pattern: ID_PATTERN.source,
    description:
      'One item (file_id, source_id, memory_id or batch id): the stream ends once it is completed or errored',
  })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: `file_id ${ID_MESSAGE}` })
  file_id?: string;
}
