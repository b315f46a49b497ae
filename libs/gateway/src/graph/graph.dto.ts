import { ApiProperty } from '@nestjs/swagger';
import { ID_PATTERN } from '@trove/contracts';
import { IsString, Matches } from 'class-validator';
import { ID_MESSAGE, SubTenantScopeDto } from '../http/tenant-scope.dto';

// The knowledge graph's records as SPEC 2.5 describes them (docs/api.md, "Knowledge graph"),
// for the OpenAPI document; the payloads themselves are @trove/contracts' graph types.

export class GraphRelationsQueryDto extends SubTenantScopeDto {
  @ApiProperty({ pattern: ID_PATTERN.source, description: 'A source_id, file_id or memory_id' })
  @IsString()
  @Matches(ID_PATTERN, { message: `source_id ${ID_MESSAGE}` })
  source_id!: string;
}

export class GraphEntityDto {
  @ApiProperty({ description: 'Normalised entity name' }) name!: string;
  @ApiProperty({ example: 'person', description: 'person, organization, location, product, event, …' })
  type!: string;
  @ApiProperty({ default: 'default' }) namespace!: string;
  @ApiProperty() entity_id!: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'An e-mail, URL or error code' })
  identifier!: string | null;
}

export class RelationEvidenceDto {
  @ApiProperty({ example: 'works at' }) canonical_predicate!: string;
  @ApiProperty({ example: 'joined' }) raw_predicate!: string;
  @ApiProperty({ description: 'The sentence the relation was read from' }) context!: string;
  @ApiProperty() relationship_id!: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) confidence!: number;
  @ApiProperty({ type: 'string', nullable: true }) temporal_details!: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) timestamp!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) chunk_id!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) source_entity_id!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) target_entity_id!: string | null;
}

export class TripletWithEvidenceDto {
  @ApiProperty({ type: GraphEntityDto }) source!: GraphEntityDto;
  @ApiProperty({ type: GraphEntityDto, description: 'The second entity (SPEC 2.5 prints it "the service")' })
  target!: GraphEntityDto;
  @ApiProperty({ type: [RelationEvidenceDto] }) relations!: RelationEvidenceDto[];
  @ApiProperty() chunk_id!: string;
}

export class SourceGraphRelationsResponse {
  @ApiProperty({ type: [TripletWithEvidenceDto] }) relations!: TripletWithEvidenceDto[];
  @ApiProperty({ default: true }) success!: boolean;
  @ApiProperty({ example: 'Relations retrieved successfully' }) message!: string;
}

export class GraphTripletDto {
  @ApiProperty({ type: GraphEntityDto }) source!: GraphEntityDto;
  @ApiProperty({ type: RelationEvidenceDto }) relation!: RelationEvidenceDto;
  @ApiProperty({ type: GraphEntityDto }) target!: GraphEntityDto;
}

export class GraphQueryPathDto {
  @ApiProperty({ type: [GraphTripletDto] }) triplets!: GraphTripletDto[];
  @ApiProperty({ minimum: 0, maximum: 1 }) relevancy_score!: number;
  @ApiProperty({ description: "The path's evidence sentences, in path order" }) combined_context!: string;
  @ApiProperty({ description: 'The group its chunks are listed under in chunk_id_to_group_ids' })
  group_id!: string;
}

export class GraphChunkRelationDto extends GraphTripletDto {
  @ApiProperty({ minimum: 0, maximum: 1 }) relevancy_score!: number;
}
