import { NatsOptions, ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';

export interface PrefixedNatsServerOptions {
  url: string;
  prefix: string;
  /** Queue group shared by the instances of one service. */
  queue: string;
  /** Connection name shown by the NATS server. */
  name: string;
}

/**
 * Nest's NATS server, with every subject under a prefix (so deployments and test runs can share
 * one NATS server) and one queue group per service (so instances of a service share the load and
 * each event reaches one instance of every service).
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly ownSubscriptions: Subscription[] = [];

  constructor(private readonly settings: PrefixedNatsServerOptions) {
    const options: NonNullable<NatsOptions['options']> = {
      servers: settings.url,
      name: settings.name,
      queue: settings.queue,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    };
    super(options);
  }

  override bindEvents(client: NatsConnection): void {
    for (const [pattern, handler] of this.messageHandlers) {
      const subscription = client.subscribe(`${this.settings.prefix}.${pattern}`, {
        queue: (handler.extras?.['queue'] as string | undefined) ?? this.settings.queue,
        callback: this.getMessageHandler(pattern).bind(this),
      });
      this.ownSubscriptions.push(subscription);
    }
  }

  override async close(): Promise<void> {
    for (const subscription of this.ownSubscriptions.splice(0)) subscription.unsubscribe();
    await super.close();
  }
}
