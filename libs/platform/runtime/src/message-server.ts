import { CustomTransportStrategy } from '@nestjs/microservices';
import { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Attaches a message server (NATS or in-process) to an app made by createApp. It inherits the
 * app's filter and interceptor, so handlers run in the caller's request context and fail only
 * with coded errors. (Nest allows no filters of its own on a connected server after creation.)
 */
export function attachMessageServer(app: NestFastifyApplication, strategy: CustomTransportStrategy): void {
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
}
