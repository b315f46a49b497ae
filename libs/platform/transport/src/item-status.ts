import { Logger } from '@nestjs/common';
import { IndexingStatus, ItemEvents, ItemStatusChangedEvent } from '@trove/contracts';
import { TransportClient } from './transport-client';

const logger = new Logger('ItemStatus');

/** The item whose status changed, as its service keys it. */
export interface ItemStatusScope {
  tenant_id: string;
  sub_tenant_id: string;
  file_id: string;
}

/**
 * Publishes one status change (ItemEvents.statusChanged) without waiting and without failing:
 * the processing that changed the status must never wait for, or fail with, its notification.
 * A lost event costs a live update or a webhook, never data; verify-processing stays the truth.
 */
export function emitItemStatus(
  transport: TransportClient,
  item: ItemStatusScope,
  status: IndexingStatus,
  error?: { code: string; message: string },
): void {
  const event: ItemStatusChangedEvent = {
    tenant_id: item.tenant_id,
    sub_tenant_id: item.sub_tenant_id,
    file_id: item.file_id,
    status,
    ...(error ? { error } : {}),
    at: new Date().toISOString(),
  };
  try {
    transport.emit(ItemEvents.statusChanged, event).catch((failure: unknown) => {
      logger.warn(
        `status event of ${item.file_id} (tenant ${item.tenant_id}) not published: ${reason(failure)}`,
      );
    });
  } catch (failure: unknown) {
    logger.warn(
      `status event of ${item.file_id} (tenant ${item.tenant_id}) not published: ${reason(failure)}`,
    );
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
