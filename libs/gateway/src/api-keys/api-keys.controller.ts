import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyCreated,
  ApiKeyList,
  ApiKeyRevoked,
  CreateApiKeyRequest,
  ID_PATTERN,
  ListApiKeysRequest,
  Principal,
  RevokeApiKeyRequest,
  Scope,
  Scopes,
  TenantPatterns,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { ArrayUnique, IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { ApiKeyVerifier } from '../auth/api-key.verifier';
import { Authenticated, CurrentPrincipal } from '../auth/authenticated.decorator';
import { ID_MESSAGE } from '../http/tenant-scope.dto';

export class CreateApiKeyDto {
  @ApiProperty({ description: 'Owner (organization) of the key; created when new', example: 'acme' })
  @IsString()
  @Matches(ID_PATTERN, { message: `owner ${ID_MESSAGE}` })
  owner!: string;

  @ApiPropertyOptional({ enum: Scopes, isArray: true, default: ['read', 'write'] })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(Scopes, { each: true, message: `each scope must be one of ${Scopes.join(', ')}` })
  scopes?: Scope[];
}

export class ApiKeyCreatedResponse {
  @ApiProperty() api_key_id!: string;
  @ApiProperty() owner!: string;
  @ApiProperty({ enum: Scopes, isArray: true }) scopes!: Scope[];
  @ApiProperty({ example: 'live' }) env!: 'live';
  @ApiProperty({ description: 'Shown once; only its hash is stored' }) full_api_key!: string;
  @ApiProperty({ description: 'ISO-8601 UTC' }) created_at!: string;
}

export class ApiKeyIdParamDto {
  @ApiProperty({ example: 'key_3kTq9ZfP0aB7xYc2' })
  @IsString()
  @Matches(ID_PATTERN, { message: `api_key_id ${ID_MESSAGE}` })
  api_key_id!: string;
}

export class ListApiKeysQueryDto {
  @ApiPropertyOptional({ description: "An owner's keys (admin keys only; other keys see their own owner's)" })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: `owner ${ID_MESSAGE}` })
  owner?: string;
}

export class ApiKeyRevokedResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() api_key_id!: string;
  @ApiProperty({ description: 'ISO-8601 UTC' }) revoked_at!: string;
}

export class ApiKeySummaryResponse {
  @ApiProperty() api_key_id!: string;
  @ApiProperty() owner!: string;
  @ApiProperty({ enum: Scopes, isArray: true }) scopes!: Scope[];
  @ApiProperty({ example: 'live' }) env!: 'live';
  @ApiProperty({ description: 'The first characters of the key, to tell keys apart' }) key_prefix!: string;
  @ApiProperty({ description: 'ISO-8601 UTC' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String, description: 'ISO-8601 UTC; null while the key works' })
  revoked_at!: string | null;
}

export class ApiKeyListResponse {
  @ApiProperty({ type: [ApiKeySummaryResponse] }) api_keys!: ApiKeySummaryResponse[];
}

@ApiTags('api-keys')
@Controller('api-keys')
export class ApiKeysController {
  constructor(
    private readonly transport: TransportClient,
    private readonly verifier: ApiKeyVerifier,
  ) {}

  @Delete(':api_key_id')
  @Authenticated({ scope: 'write', tenant: 'none' })
  @ApiOperation({
    summary: 'Revoke an API key (the admin: any but the bootstrap key; an owner: its own); 401 from then on',
  })
  @ApiOkResponse({ type: ApiKeyRevokedResponse })
  async revoke(
    @Param() params: ApiKeyIdParamDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ApiKeyRevoked> {
    const revoked = await this.transport.send<ApiKeyRevoked>(TenantPatterns.revokeApiKey, {
      principal,
      api_key_id: params.api_key_id,
    } satisfies RevokeApiKeyRequest);
    this.verifier.forget(params.api_key_id);
    return revoked;
  }

  @Get('list')
  @Authenticated({ scope: 'read', tenant: 'none' })
  @ApiOperation({ summary: 'List API keys without their secrets' })
  @ApiOkResponse({ type: ApiKeyListResponse })
  list(@Query() query: ListApiKeysQueryDto, @CurrentPrincipal() principal: Principal): Promise<ApiKeyList> {
    return this.transport.send(TenantPatterns.listApiKeys, {
      principal,
      ...(query.owner === undefined ? {} : { owner: query.owner }),
    } satisfies ListApiKeysRequest);
  }

  @Post('create_api_key')
  @HttpCode(200)
  @Authenticated({ scope: 'admin', tenant: 'none' })
  @ApiOperation({ summary: 'Create an API key for an owner (admin key only); the key is shown once' })
  @ApiOkResponse({ type: ApiKeyCreatedResponse })
  create(@Body() body: CreateApiKeyDto): Promise<ApiKeyCreated> {
    return this.transport.send(TenantPatterns.createApiKey, {
      owner: body.owner,
      scopes: body.scopes ?? ['read', 'write'],
    } satisfies CreateApiKeyRequest);
  }
}
