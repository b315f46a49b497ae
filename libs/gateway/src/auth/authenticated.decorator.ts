import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Principal } from '@trove/contracts';
import { AccessGuard } from './access.guard';
import { ACCESS_RULE, AccessRule } from './access-rule';

export type { AccessRule, TenantSource } from './access-rule';

/**
 * The one decorator every route but health, docs and presigned downloads carries: a valid bearer
 * key (401 otherwise), the scope the route needs, and ownership of the named tenant (403).
 */
export function Authenticated(rule: AccessRule): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, rule),
    UseGuards(AuthGuard('bearer'), AccessGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or invalid API key (UNAUTHORIZED)' }),
    ApiForbiddenResponse({
      description: 'The key may not act on this tenant or lacks the scope (FORBIDDEN)',
    }),
  );
}

/** The principal of the verified key, set by the bearer strategy. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => {
    const request = context.switchToHttp().getRequest<{ user: Principal }>();
    return request.user;
  },
);
