import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ID_PATTERN, ID_RULE } from '@trove/contracts';
import { IsOptional, IsString, Matches, ValidateIf } from 'class-validator';

export const ID_MESSAGE = `must be ${ID_RULE}`;

/** Every tenant-scoped request names its tenant; the access guard checks it against the key. */
export class TenantScopeDto {
  @ApiProperty({ description: 'Tenant (organization) id', pattern: ID_PATTERN.source, example: 'acme' })
  @IsString()
  @Matches(ID_PATTERN, { message: `tenant_id ${ID_MESSAGE}` })
  tenant_id!: string;
}

export class SubTenantScopeDto extends TenantScopeDto {
  @ApiPropertyOptional({
    type: String,
    description: 'Sub-tenant id; omitted, null or empty means the default sub-tenant (= tenant_id)',
    pattern: ID_PATTERN.source,
    nullable: true,
  })
  @IsOptional()
  @ValidateIf((_o, value) => value !== '')
  @IsString()
  @Matches(ID_PATTERN, { message: `sub_tenant_id ${ID_MESSAGE}` })
  sub_tenant_id?: string | null;
}
