import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WebhookEventType, WebhookEventTypes } from '@trove/contracts';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { TenantScopeDto } from '../http/tenant-scope.dto';

export const WEBHOOK_ID_PATTERN = /^wh_[0-9a-f]{32}$/;

export class CreateWebhookDto extends TenantScopeDto {
  @ApiProperty({
    description: 'http(s) URL receiving POSTs; its address must be public (or in WEB_FETCH_ALLOWED_CIDRS)',
    example: 'https://example.com/trove-hook',
    maxLength: 2048,
  })
  @IsString()
  @MaxLength(2048)
  @Matches(/^https?:\/\/\S+$/i, { message: 'url must be an http or https URL' })
  url!: string;

  @ApiProperty({ enum: WebhookEventTypes, isArray: true, example: ['status.completed', 'status.errored'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @ArrayMaxSize(WebhookEventTypes.length)
  @IsIn(WebhookEventTypes, {
    each: true,
    message: `each event must be one of ${WebhookEventTypes.join(', ')}`,
  })
  events!: WebhookEventType[];
}

export class WebhookRefQueryDto extends TenantScopeDto {
  @ApiProperty({ example: 'wh_0123456789abcdef0123456789abcdef' })
  @IsString()
  @Matches(WEBHOOK_ID_PATTERN, { message: 'webhook_id must be an id given by /webhooks/create' })
  webhook_id!: string;
}

export class WebhookCreatedResponse {
  @ApiProperty() webhook_id!: string;
  @ApiProperty({ description: 'Signs every delivery (Trove-Signature); shown once, never listed' })
  secret!: string;
}

export class WebhookResponse {
  @ApiProperty() webhook_id!: string;
  @ApiProperty() tenant_id!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ enum: WebhookEventTypes, isArray: true }) events!: WebhookEventType[];
  @ApiProperty({ description: 'ISO-8601 UTC' }) created_at!: string;
}

export class WebhookListResponse {
  @ApiProperty({ type: [WebhookResponse] }) webhooks!: WebhookResponse[];
}

export class WebhookDeletedResponse {
  @ApiProperty() webhook_id!: string;
  @ApiProperty() deleted!: boolean;
  @ApiProperty() success!: boolean;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ description: 'Same on every attempt of one delivery (the Trove-Delivery header)' })
  delivery_id!: string;
  @ApiProperty({ enum: WebhookEventTypes }) event!: WebhookEventType;
  @ApiProperty({ description: '1 for the first try' }) attempt!: number;
  @ApiPropertyOptional({ description: "The receiver's HTTP status, when it answered" }) status_code?: number;
  @ApiProperty() success!: boolean;
  @ApiPropertyOptional() error?: string;
  @ApiProperty() duration_ms!: number;
  @ApiProperty({ description: 'ISO-8601 UTC' }) at!: string;
}

export class WebhookDeliveriesResponse {
  @ApiProperty({ type: [WebhookDeliveryResponse], description: 'Newest first; the latest attempts only' })
  deliveries!: WebhookDeliveryResponse[];
}
