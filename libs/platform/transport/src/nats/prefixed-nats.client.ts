import { ClientNats, NatsOptions } from '@nestjs/microservices';
import type { MsPattern } from '@nestjs/microservices/interfaces';

/** Nest's NATS client, publishing under the same subject prefix as PrefixedNatsServer. */
export class PrefixedNatsClient extends ClientNats {
  constructor(
    options: NonNullable<NatsOptions['options']>,
    private readonly prefix: string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.prefix}.${super.normalizePattern(pattern)}`;
  }
}
