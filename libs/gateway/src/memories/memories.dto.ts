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

/**
 * Most characters of a conversation generate reads, its pairs' texts together: a memory's
 * limit, since inference reads the text on the request's path (the memory service checks it too).
 */
export const MAX_CONVERSATION_CHARS = MAX_MEMORY_CHARS;

/** docs/api.md, Generate memories: at least one pair with text, and at most MAX_CONVERSATION_CHARS in all. */
function IsConversation(): PropertyDecorator {
  return ValidateBy({
    name: 'isConversation',
    validator: {
      validate: (value: unknown) => {
        if (!Array.isArray(value)) return true; // IsArray says so
        const texts = value.flatMap((p: { user?: unknown; assistant?: unknown }) =>
          [p?.user, p?.assistant].filter((t): t is string => typeof t === 'string'),
        );
        return (
          texts.some((t) => t.trim() !== '') &&
          texts.reduce((n, t) => n + t.length, 0) <= MAX_CONVERSATION_CHARS
        );
      },
      defaultMessage: () =>
        `user_assistant_pairs must hold some text, and at most ${MAX_CONVERSATION_CHARS} characters in all`,
    },
  });
}

export class GenerateMemoryDto extends SubTenantScopeDto {
  @ApiProperty({
    type: [UserAssistantPairDto],
    minItems: 1,
    maxItems: 10_000,
    description: `The conversation to read (at most ${MAX_CONVERSATION_CHARS} characters in all); it is not stored`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => UserAssistantPairDto)
  @IsConversation()
  user_assistant_pairs!: UserAssistantPairDto[];

  @ApiPropertyOptional({
    maxLength: 256,
    description: 'Who "I" is in the statements ("The user" when omitted)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  user_name?: string;

  @ApiPropertyOptional({
    maxLength: 10_000,
    description:
      'Guidance for the inference; stored with each memory. The offline inference cannot follow it (ignored); an LLM inference receives it',
  })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  custom_instructions?: string;
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

export class InferenceUsageDto {
  @ApiProperty({ minimum: 0 }) prompt_tokens!: number;
  @ApiProperty({ minimum: 0 }) completion_tokens!: number;
}

const INFERENCE_DESCRIPTION =
  'Who inferred the memories: `offline` (rule-based) or `llm:<model>` (MEMORY_INFERENCE=llm); `offline` after a fallback';
const USAGE_DESCRIPTION =
  'Tokens the model spent (0 offline; after a fallback, what the failed answer cost if the endpoint said)';
const FALLBACK_DESCRIPTION =
  'Only when the configured LLM failed (down, too slow, an error or an unusable answer) and the offline inference answered instead: why';

export class AddMemoryResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() user_memory_added!: boolean;
  @ApiProperty() memory_id!: string;
  @ApiProperty() source_id!: string;
  @ApiProperty() chunks_created!: number;
  @ApiProperty() original_chunks!: number;
  @ApiProperty() inferred_chunks!: number;
  @ApiPropertyOptional({
    example: 'offline',
    description: `With \`infer: true\` only. ${INFERENCE_DESCRIPTION}`,
  })
  inference?: string;
  @ApiPropertyOptional({
    type: InferenceUsageDto,
    description: `With \`infer: true\` only. ${USAGE_DESCRIPTION}`,
  })
  usage?: InferenceUsageDto;
  @ApiPropertyOptional({ description: FALLBACK_DESCRIPTION }) inference_fallback?: string;
}

export class GeneratedMemoryDto {
  @ApiProperty() memory_id!: string;
  @ApiProperty({ description: 'Equal to memory_id' }) source_id!: string;
  @ApiProperty({ description: 'The statement, as retrieval returns it' }) source_content!: string;
  @ApiProperty({ enum: ['fact', 'preference', 'plan', 'date'] }) kind!: string;
}

export class GenerateMemoryResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() memories_generated!: number;
  @ApiProperty({
    type: [GeneratedMemoryDto],
    description: 'Empty when nothing was worth keeping (nothing stored)',
  })
  memories!: GeneratedMemoryDto[];
  @ApiProperty({ description: 'Always 0: the conversation itself is not stored' }) original_chunks!: number;
  @ApiProperty({ description: 'One per generated memory' }) inferred_chunks!: number;
  @ApiProperty({ example: 'offline', description: INFERENCE_DESCRIPTION })
  inference!: string;
  @ApiProperty({ type: InferenceUsageDto, description: USAGE_DESCRIPTION }) usage!: InferenceUsageDto;
  @ApiPropertyOptional({ description: FALLBACK_DESCRIPTION }) inference_fallback?: string;
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
