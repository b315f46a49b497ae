import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { METRICS_CONTENT_TYPE, renderMetrics } from './metrics.registry';

/** Answers a scrape: the Prometheus text of this process's registry. */
export async function sendMetrics(reply: FastifyReply): Promise<void> {
  const text = await renderMetrics();
  await reply.code(200).header('content-type', METRICS_CONTENT_TYPE).send(text);
}

/**
 * `/metrics` without a key, for the services' health ports (reachable only inside the cluster,
 * like /readyz). The gateway and standalone serve their own, behind the admin key.
 */
@ApiExcludeController()
@Controller()
export class MetricsHttpController {
  @Get('metrics')
  async metrics(@Res() reply: FastifyReply): Promise<void> {
    await sendMetrics(reply);
  }
}
