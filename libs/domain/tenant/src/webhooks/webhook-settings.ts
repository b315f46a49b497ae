import { AddressGuard } from '@trove/platform-http';
import { IsInt, Max, Min, registerDecorator } from 'class-validator';

/** A comma-separated list of CIDRs that AddressGuard accepts (empty: none). */
function IsCidrList() {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isCidrList',
      target: target.constructor,
      propertyName: property,
      options: { message: 'must be comma-separated CIDRs such as 127.0.0.1/32,10.0.0.0/8' },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string') return false;
          try {
            new AddressGuard(splitCidrs(value));
            return true;
          } catch {
            return false;
          }
        },
      },
    });
}

export function splitCidrs(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Webhook settings, read from the environment when the tenant module is built (loadConfig: a bad
 * value stops start-up naming the variable). docs/events-webhooks.md lists them.
 */
export class WebhookSettings {
  /** The same allow-list as web-page fetching: non-public networks webhooks may reach anyway. */
  @IsCidrList()
  WEB_FETCH_ALLOWED_CIDRS = '';

  /** Attempts per delivery, the first included. */
  @IsInt()
  @Min(1)
  @Max(20)
  WEBHOOK_MAX_ATTEMPTS = 6;

  /** Delay before the second attempt; doubled for each next one, up to WEBHOOK_RETRY_MAX_MS. */
  @IsInt()
  @Min(1)
  WEBHOOK_RETRY_BASE_MS = 2000;

  @IsInt()
  @Min(1)
  WEBHOOK_RETRY_MAX_MS = 5 * 60_000;

  /** One attempt: connect, send, and the receiver's answer. */
  @IsInt()
  @Min(100)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** Webhooks per tenant. */
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_MAX_PER_TENANT = 10;

  /** Delivery attempts kept per webhook (the newest). */
  @IsInt()
  @Min(1)
  @Max(10_000)
  WEBHOOK_LOG_SIZE = 100;

  /** Deliveries in flight per process; the rest wait their turn in memory. */
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_CONCURRENCY = 16;
}
