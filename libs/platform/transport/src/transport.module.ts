import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { TransportClient } from './transport-client';

/** Makes one TransportClient available to every module of the app (gateway and services alike). */
@Global()
@Module({})
export class TransportModule implements OnApplicationShutdown {
  constructor(@Inject(TransportClient) private readonly client: TransportClient) {}

  static forClient(client: TransportClient): DynamicModule {
    return {
      module: TransportModule,
      providers: [{ provide: TransportClient, useValue: client }],
      exports: [TransportClient],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
