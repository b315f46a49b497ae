import { Controller, DynamicModule, Global, Module, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthPattern, ReadinessReport, ServiceName } from '@trove/contracts';
import { HealthHttpController } from './health-http.controller';
import { HealthRegistry } from './health.registry';

/** Answers `<service>.health.check` so the gateway's /readyz can see each service. */
function healthMessageController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthMessageController {
    constructor(private readonly registry: HealthRegistry) {}

    @MessagePattern(healthPattern(service))
    check(): Promise<ReadinessReport> {
      return this.registry.report();
    }
  }
  return HealthMessageController;
}

export interface HealthModuleOptions {
  /** Name shown in reports. */
  name: string;
  /** Serve /healthz and /readyz (every app does; a domain module inside standalone does not). */
  http?: boolean;
  /** Domain services whose health this process answers over the transport. */
  services?: ServiceName[];
}

@Global()
@Module({})
export class HealthModule {
  static forRoot(options: HealthModuleOptions): DynamicModule {
    const controllers: Type<unknown>[] = [
      ...(options.http === false ? [] : [HealthHttpController]),
      ...(options.services ?? []).map(healthMessageController),
    ];
    return {
      module: HealthModule,
      controllers,
      providers: [
        {
          provide: HealthRegistry,
          useFactory: () => {
            const registry = new HealthRegistry();
            registry.setServiceName(options.name);
            return registry;
          },
        },
      ],
      exports: [HealthRegistry],
    };
  }
}
