import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { InMemoryPayloadStash } from './stash/in-memory-payload-stash';
import { PayloadStash } from './stash/payload-stash';
import { TransportClient } from './transport-client';

/**
 * Makes one TransportClient, and the PayloadStash that goes with it, available to every module of
 * the app (gateway and services alike). Without a stash, payloads are stashed in memory: right
 * for standalone and tests, where sender and receiver share the process; distributed processes
 * pass a NatsPayloadStash.
 */
@Global()
@Module({})
export class TransportModule implements OnApplicationShutdown {
  constructor(
    @Inject(TransportClient) private readonly client: TransportClient,
    @Inject(PayloadStash) private readonly stash: PayloadStash,
  ) {}

  static forClient(client: TransportClient, stash: PayloadStash = new InMemoryPayloadStash()): DynamicModule {
    return {
      module: TransportModule,
      providers: [
        { provide: TransportClient, useValue: client },
        { provide: PayloadStash, useValue: stash },
      ],
      exports: [TransportClient, PayloadStash],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.client.close(), this.stash.close()]);
  }
}
