import { ApiProperty } from '@nestjs/swagger';
import { ID_PATTERN } from '@trove/contracts';
import { IsString, Matches } from 'class-validator';
import { ID_MESSAGE, TenantScopeDto } from '../http/tenant-scope.dto';

export class CreateTenantDto extends TenantScopeDto {}

export class TenantQueryDto extends TenantScopeDto {}

export class DeleteSubTenantQueryDto extends TenantScopeDto {
  @ApiProperty({ description: 'Sub-tenant to delete (not the default one)', pattern: ID_PATTERN.source })
  @IsString()
  @Matches(ID_PATTERN, { message: `sub_tenant_id ${ID_MESSAGE}` })
  sub_tenant_id!: string;
}

export class TenantCreatedResponse {
  @ApiProperty() tenant_id!: string;
  @ApiProperty({ description: 'Equals tenant_id' }) default_sub_tenant_id!: string;
  @ApiProperty({ example: 'Tenant created successfully' }) message!: string;
}

export class SubTenantListResponse {
  @ApiProperty() tenant_id!: string;
  @ApiProperty() default_sub_tenant_id!: string;
  @ApiProperty({ type: [String] }) sub_tenant_ids!: string[];
}

export class SubTenantDeletedResponse {
  @ApiProperty({ example: 'deleted' }) status!: string;
  @ApiProperty() tenant_id!: string;
  @ApiProperty() sub_tenant_id!: string;
  @ApiProperty({ default: true }) success!: boolean;
  @ApiProperty({ example: 'Sub-tenant deleted successfully' }) message!: string;
}

export class CountsDto {
  @ApiProperty() sources!: number;
  @ApiProperty() chunks!: number;
  @ApiProperty() memories!: number;
  @ApiProperty() embeddings!: number;
  @ApiProperty() entities!: number;
  @ApiProperty() relations!: number;
}

export class SubTenantStatsDto {
  @ApiProperty() sub_tenant_id!: string;
  @ApiProperty({ description: 'ISO-8601 UTC' }) created_at!: string;
  @ApiProperty({ type: CountsDto }) counts!: CountsDto;
}

export class TenantStatsResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() tenant_id!: string;
  @ApiProperty() default_sub_tenant_id!: string;
  @ApiProperty({ type: CountsDto, description: 'Sum over all sub-tenants' }) totals!: CountsDto;
  @ApiProperty({ type: [SubTenantStatsDto] }) sub_tenants!: SubTenantStatsDto[];
}
