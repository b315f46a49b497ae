import { Body, Controller, Delete, HttpCode, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddMemoryRequest,
  AddMemoryResult,
  DeleteMemoryRequest,
  DeleteMemoryResult,
  GenerateMemoryRequest,
  GenerateMemoryResult,
  MemoryPatterns,
  memoryWriteTimeoutMs,
  resolveSubTenantId,
  RetrieveMemoryRequest,
  RetrieveMemoryResult,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { randomUUID } from 'node:crypto';
import { Authenticated } from '../auth/authenticated.decorator';
import {
  AddMemoryDto,
  AddMemoryResponse,
  DeleteMemoryQueryDto,
  DeleteMemoryResponse,
  GenerateMemoryDto,
  GenerateMemoryResponse,
  RetrieveMemoryBodyDto,
  RetrieveMemoryQueryDto,
  RetrieveMemoryResponse,
} from './memories.dto';

/**
 * The gateway's wait for an add: the usual one, or for a large memory the memory service's own
 * wait for its index write (memoryWriteTimeoutMs) and 5 s for the rest of the add.
 */
function addTimeoutMs(bytes: number): { timeoutMs: number } | undefined {
  const write = memoryWriteTimeoutMs(bytes);
  return write === undefined ? undefined : { timeoutMs: write + 5000 };
}

@ApiTags('memories')
@Controller()
export class MemoriesController {
  constructor(private readonly transport: TransportClient) {}

  @Post(['user_memory/add_user_memory', 'memories/add-memories'])
  @HttpCode(200)
  @Authenticated({ scope: 'write', tenant: 'body' })
  @ApiOperation({
    summary: 'Store a memory (raw text or user/assistant pairs); chunked, embedded and indexed',
  })
  @ApiOkResponse({ type: AddMemoryResponse })
  add(@Body() body: AddMemoryDto): Promise<AddMemoryResult> {
    const hasText = typeof body.raw_text === 'string' && body.raw_text.trim() !== '';
    const bytes = hasText
      ? Buffer.byteLength(body.raw_text!)
      : (body.user_assistant_pairs ?? []).reduce(
          (n, p) => n + Buffer.byteLength(p.user) + Buffer.byteLength(p.assistant),
          0,
        );
    return this.transport.send(
      MemoryPatterns.add,
      {
        tenant_id: body.tenant_id,
        sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
        ...(hasText ? { raw_text: body.raw_text } : { user_assistant_pairs: body.user_assistant_pairs }),
        expiry_time: body.expiry_time,
        infer: body.infer ?? false,
        custom_instructions: body.custom_instructions,
        user_name: body.user_name,
        // Named here when the caller did not: the add is then idempotent, and the transport may
        // send it again when the instance that took it never answers (docs/api.md, Replicas and retries).
        memory_id: body.memory_id ?? randomUUID(),
      } satisfies AddMemoryRequest,
      addTimeoutMs(bytes),
    );
  }

  @Post('user_memory/generate_user_memory')
  @HttpCode(200)
  @Authenticated({ scope: 'write', tenant: 'body' })
  @ApiOperation({
    summary: 'Generate memories from user/assistant pairs: only the inferred statements are stored',
    description:
      'Each statement the inference reads in the conversation becomes a memory of its own (searchable at once, ' +
      'deletable by its memory_id); the pairs themselves are not stored. Nothing worth keeping: an empty list.',
  })
  @ApiOkResponse({ type: GenerateMemoryResponse })
  generate(@Body() body: GenerateMemoryDto): Promise<GenerateMemoryResult> {
    return this.transport.send(MemoryPatterns.generate, {
      tenant_id: body.tenant_id,
      sub_tenant_id: resolveSubTenantId(body.tenant_id, body.sub_tenant_id),
      user_assistant_pairs: body.user_assistant_pairs.map((p) => ({ user: p.user, assistant: p.assistant })),
      user_name: body.user_name,
      custom_instructions: body.custom_instructions,
    } satisfies GenerateMemoryRequest);
  }

  @Post('user_memory/retrieve_user_memory')
  @HttpCode(200)
  @Authenticated({ scope: 'read', tenant: 'query' })
  @ApiOperation({ summary: 'Memories ranked by relevance to the query (by meaning, not only keywords)' })
  @ApiOkResponse({ type: RetrieveMemoryResponse })
  @ApiNotFoundResponse({ description: 'SUB_TENANT_NOT_PROVISIONED: no memory was ever added there' })
  retrieve(
    @Query() query: RetrieveMemoryQueryDto,
    @Body() body: RetrieveMemoryBodyDto,
  ): Promise<RetrieveMemoryResult> {
    return this.transport.send(MemoryPatterns.retrieve, {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      query: body.query,
      max_count: query.max_count ?? 10,
      user_name: body.user_name,
    } satisfies RetrieveMemoryRequest);
  }

  @Delete('memories/delete-memory')
  @Authenticated({ scope: 'write', tenant: 'query' })
  @ApiOperation({ summary: 'Delete a memory from every store' })
  @ApiOkResponse({ type: DeleteMemoryResponse })
  @ApiNotFoundResponse({ description: 'MEMORY_NOT_FOUND' })
  delete(@Query() query: DeleteMemoryQueryDto): Promise<DeleteMemoryResult> {
    return this.transport.send(MemoryPatterns.delete, {
      tenant_id: query.tenant_id,
      sub_tenant_id: resolveSubTenantId(query.tenant_id, query.sub_tenant_id),
      memory_id: query.memory_id,
    } satisfies DeleteMemoryRequest);
  }
}
