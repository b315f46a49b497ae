import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthRegistry } from './health.registry';

/**
 * `/healthz`: the process is alive. `/readyz`: every store and transport it depends on answers;
 * 503 with the spec's error body (plus the failing checks) otherwise. Both need no API key.
 */
@ApiExcludeController()
@Controller()
export class HealthHttpController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get('healthz')
  @HttpCode(200)
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.registry.report();
    if (report.ready) {
      await reply.code(200).send({ status: 'ready', ...report });
      return;
    }
    const failing = report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail ?? 'failed'}`);
    await reply.code(503).send({
      detail: {
        success: false,
        message: `Not ready: ${failing.join('; ')}`,
        error_code: 'SERVICE_UNAVAILABLE',
        checks: report.checks,
      },
    });
  }
}
