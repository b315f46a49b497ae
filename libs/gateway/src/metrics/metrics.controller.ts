import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { sendMetrics } from '@trove/platform-metrics';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../auth/authenticated.decorator';

/**
 * `/metrics` of the gateway (and of standalone, which hosts every service in this process): the
 * Prometheus text, for the admin key only (401 without a valid key, 403 for a key without the
 * admin scope). The numbers name no tenant, but request rates and index sizes are the operator's.
 */
@ApiExcludeController()
@Controller()
export class MetricsController {
  @Get('metrics')
  @Authenticated({ scope: 'admin', tenant: 'none' })
  async metrics(@Res() reply: FastifyReply): Promise<void> {
    await sendMetrics(reply);
  }
}
