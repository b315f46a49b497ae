import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@trove/contracts';
import type { FastifyRequest } from 'fastify';

const CONSUMES = 'trove:consumes';

/** Declares the body types a route accepts (default: application/json). */
export const Consumes = (...mediaTypes: string[]) => SetMetadata(CONSUMES, mediaTypes);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Bodies are JSON (docs/api.md, Errors) unless a route declares otherwise; anything else is a 415,
 * so a client that sends a form or text by mistake learns so instead of meeting a puzzling 422.
 */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!hasBody(request)) return true;
    const accepted = this.reflector.get<string[] | undefined>(CONSUMES, context.getHandler()) ?? [
      'application/json',
    ];
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!accepted.includes(mediaType)) {
      throw new DomainError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Content type "${mediaType || 'none'}" is not accepted here; send ${accepted.join(' or ')}`,
      );
    }
    return true;
  }
}
