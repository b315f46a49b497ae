import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, isValidId, Principal } from '@trove/contracts';
import { RequestContext } from '@trove/platform-logging';
import type { FastifyRequest } from 'fastify';
import { ACCESS_RULE, AccessRule } from './access-rule';
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

const TENANT_FIELDS = ['tenant_id', 'sub_tenant_id'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/**
 * The tenant fields may come in the query or in a JSON (or form, or multipart) body on every route
 * (docs/api.md, "Keys, scopes, tenants"): those given on the other side are moved to the side the
 * route reads, before validation. Given on both sides they must agree (422 otherwise). Raw-JSON
 * routes (embedding uploads) read their body later, so there the query is the only place.
 */
function gatherTenantFields(request: FastifyRequest, rule: AccessRule): void {
  if (rule.tenant === 'none') return;
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body;
  if (!isPlainObject(query) || !isPlainObject(body)) return;
  const [from, to] = rule.tenant === 'query' ? [body, query] : [query, body];
  for (const field of TENANT_FIELDS) {
    if (!Object.hasOwn(from, field)) continue;
    const value = from[field];
    if (Object.hasOwn(to, field) && to[field] !== value) {
      throw new DomainError(
        'VALIDATION_ERROR',
        `Invalid request: ${field} differs between the query and the body`,
        {
          errors: [{ field, message: 'differs between the query and the body' }],
        },
      );
    }
    to[field] = value;
    delete from[field];
  }
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
    gatherTenantFields(request, rule);
    const tenantId = tenantIdOf(request, rule);
    if (isValidId(tenantId)) {
      await this.access.assertAccess(request.user, tenantId);
      RequestContext.setTenant(tenantId);
    }
    return true;
  }
}
