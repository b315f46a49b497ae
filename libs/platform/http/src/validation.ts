import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, FieldError } from '@trove/contracts';

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Validation at the edge: unknown fields are refused, types are converted where declared, and
 * every failure is a 422 VALIDATION_ERROR listing each field and what is wrong with it.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    validateCustomDecorators: false,
    exceptionFactory: (errors: ValidationError[]) => {
      const fields = flatten(errors);
      const summary = fields.map((f) => f.message).join('; ');
      return new DomainError('VALIDATION_ERROR', `Invalid request: ${summary}`, { errors: fields });
    },
  });
}
