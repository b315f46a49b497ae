import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ID_PATTERN } from '@trove/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ID_MESSAGE, SubTenantScopeDto } from '../http/tenant-scope.dto';
import { IsNotBlank } from '../http/validators';
import { MAX_QUERY_LENGTH } from '../search/search.dto';

/** A memory's text is at most 1 MB of characters; larger content belongs in a document. */
export const MAX_MEMORY_CHARS = 1_000_000;

export class UserAssistantPairDto {
  @ApiProperty() @IsString() @MaxLength(MAX_MEMORY_CHARS) user!: string;
  @ApiProperty() @IsString() @MaxLength(MAX_MEMORY_CHARS) assistant!: string;
}

/** docs/api.md, Memories: raw_text or a non-empty user_assistant_pairs is required (raw_text wins). */
function HasMemoryContent(): PropertyDecorator {
  return ValidateBy({
    name: 'hasMemoryContent',
    validator: {
      validate: (_value: unknown, args) => {
        const body = args?.object as { raw_text?: unknown; user_assistant_pairs?: unknown };
        const hasText = typeof body.raw_text === 'string' && body.raw_text.trim() !== '';
        const hasPairs =
          Array.isArray(body.user_assistant_pairs) &&
          body.user_assistant_pairs.some(
            (p: { user?: unknown; assistant?: unknown }) =>
              (typeof p?.user === 'string' && p.user.trim() !== '') ||
              (typeof p?.assistant === 'string' && p.assistant.trim() !== ''),
          );
        return hasText || hasPairs;
      },
      defaultMessage: () => 'provide raw_text or a non-empty user_assistant_pairs',
    },
  });
}

export class AddMemoryDto extends SubTenantScopeDto {
  @ApiPropertyOptional({ description: 'A single text memory (wins over user_assistant_pairs)' })
  @HasMemoryContent()
  @IsOptional()
  @IsString()
  @MaxLength(MAX_MEMORY_CHARS)
  raw_text?: string;

  @ApiPropertyOptional({ type: [UserAssistantPairDto], description: 'Stored together as one memory' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => UserAssistantPairDto)
  user_assistant_pairs?: UserAssistantPairDto[];

  @ApiPropertyOptional({ minimum: 1, description: 'Seconds until the memory expires' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100 * 365 * 86_400)
  expiry_time?: number;

  @ApiPropertyOptional({ default: false, description: 'Also index short inferred statements of the facts' })
  @IsOptional()
  @IsBoolean()
  infer?: boolean;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(10_000) custom_instructions?: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(256) user_name?: string;

  @ApiPropertyOptional({ pattern: ID_PATTERN.source, description: 'Generated when omitted' })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: `memory_id ${ID_MESSAGE}` })
  memory_id?: string;
}

export class RetrieveMemoryQueryDto extends SubTenantScopeDto {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: 100,
    default: 10,
    description: '0: the service decides (at most 20)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100)
  max_count?: number;
}

export class RetrieveMemoryBodyDto {
  @ApiProperty({ maxLength: MAX_QUERY_LENGTH }) @IsNotBlank() @MaxLength(MAX_QUERY_LENGTH) query!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(256) user_name?: string;
}

export class DeleteMemoryQueryDto extends SubTenantScopeDto {
  @ApiProperty({ pattern: ID_PATTERN.source })
  @IsString()
  @Matches(ID_PATTERN, { message: `memory_id ${ID_MESSAGE}` })
  memory_id!: string;
}

export class AddMemoryResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() user_memory_added!: boolean;
  @ApiProperty() memory_id!: string;
  @ApiProperty() source_id!: string;
  @ApiProperty() chunks_created!: number;
  @ApiProperty() original_chunks!: number;
  @ApiProperty() inferred_chunks!: number;
}

export class RetrievedMemoryDto {
  @ApiProperty() source_id!: string;
  @ApiProperty() source_content!: string;
  @ApiProperty() memory_id!: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) score!: number;
}

export class RetrieveMemoryResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty({ type: [RetrievedMemoryDto] }) user_memories!: RetrievedMemoryDto[];
}

export class DeleteMemoryResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() user_memory_deleted!: boolean;
}
