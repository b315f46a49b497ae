import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyCreated,
  CreateApiKeyRequest,
  ID_PATTERN,
  Scope,
  Scopes,
  TenantPatterns,
} from '@trove/contracts';
import { TransportClient } from '@trove/platform-transport';
import { ArrayUnique, IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { Authenticated } from '../auth/authenticated.decorator';
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

@ApiTags('api-keys')
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly transport: TransportClient) {}

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
