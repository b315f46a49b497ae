import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, isValidId, Principal } from '@trove/contracts';
import { RequestContext } from '@trove/platform-logging';
import type { FastifyRequest } from 'fastify';
import type { AccessRule } from './authenticated.decorator';
import { ACCESS_RULE } from './authenticated.decorator';
import { TenantAccessService } from './tenant-access.service';

function tenantIdOf(request: FastifyRequest, rule: AccessRule): unknown {
  if (rule.tenant === 'query') return (request.query as Record<string, unknown> | undefined)?.['tenant_id'];
  if (rule.tenant === 'body') {
    const body = request.body;
    return typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)['tenant_id']
      : undefined;
  }
  return undefined;
}

/**
 * Runs after the bearer strategy: checks the scope, then the tenant. A missing or malformed
 * tenant_id is left to validation (422), which every tenant-scoped DTO enforces.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: TenantAccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<AccessRule | undefined>(ACCESS_RULE, context.getHandler());
    if (!rule) throw new DomainError('INTERNAL_ERROR', 'Route has no access rule');
    const request = context.switchToHttp().getRequest<FastifyRequest & { user: Principal }>();
    const { scopes } = request.user;
    if (!scopes.includes(rule.scope) && !scopes.includes('admin')) {
      throw new DomainError('FORBIDDEN', `This API key does not have the "${rule.scope}" scope`);
    }
    const tenantId = tenantIdOf(request, rule);
    if (isValidId(tenantId)) {
      await this.access.assertAccess(request.user, tenantId);
      RequestContext.setTenant(tenantId);
    }
    return true;
  }
}
