import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateWebhookRequest,
  ItemEvents,
  ItemStatusChangedEvent,
  TenantRef,
  WebhookCreated,
  WebhookDeleted,
  WebhookDeliveryList,
  WebhookList,
  WebhookPatterns,
  WebhookRef,
} from '@trove/contracts';
import { WebhookService } from './webhook.service';

/** Answers the WebhookPatterns messages and takes status events for delivery; rules in WebhookService. */
@Controller()
export class WebhookController {
  constructor(private readonly service: WebhookService) {}

  @MessagePattern(WebhookPatterns.create)
  create(@Payload() payload: CreateWebhookRequest): Promise<WebhookCreated> {
    return this.service.create(payload);
  }

  @MessagePattern(WebhookPatterns.list)
  list(@Payload() payload: TenantRef): Promise<WebhookList> {
    return this.service.list(payload);
  }

  @MessagePattern(WebhookPatterns.delete)
  delete(@Payload() payload: WebhookRef): Promise<WebhookDeleted> {
    return this.service.delete(payload);
  }

  @MessagePattern(WebhookPatterns.deliveries)
  deliveries(@Payload() payload: WebhookRef): Promise<WebhookDeliveryList> {
    return this.service.deliveries(payload);
  }

  @EventPattern(ItemEvents.statusChanged)
  statusChanged(@Payload() payload: ItemStatusChangedEvent): Promise<void> {
    return this.service.onStatusChanged(payload);
  }
}
