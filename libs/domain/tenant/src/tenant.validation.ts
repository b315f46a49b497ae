import { DomainError, FieldError, ID_RULE, isValidId, Principal, Scope, Scopes } from '@trove/contracts';

// The gateway validates requests first; these checks guard what the service itself relies on,
// for callers that reach it over the transport without the gateway.

/** Collects field problems and throws them together as one VALIDATION_ERROR. */
export class PayloadCheck {
  private readonly errors: FieldError[] = [];

  constructor(private readonly payload: unknown) {}

  /** The field's value when it is a valid id; records a problem otherwise. */
  id(field: string): string {
    const value = this.field(field);
    if (!isValidId(value)) this.errors.push({ field, message: `${field} must be ${ID_RULE}` });
    return value as string;
  }

  /** The field's value when it is a valid id, undefined when omitted, null or empty. */
  optionalId(field: string): string | undefined {
    const value = this.field(field);
    return value === undefined || value === null || value === '' ? undefined : this.id(field);
  }

  /** Scopes from `Scopes`, de-duplicated in canonical order; `fallback` when absent. */
  scopes(field: string, fallback: Scope[]): Scope[] {
    const value = this.field(field);
    if (value === undefined || value === null) return [...fallback];
    const known = Scopes as readonly unknown[];
    if (!Array.isArray(value) || value.length === 0 || !value.every((scope) => known.includes(scope))) {
      this.errors.push({ field, message: `${field} must be a non-empty list of: ${Scopes.join(', ')}` });
      return [];
    }
    return Scopes.filter((scope) => value.includes(scope));
  }

  /** Throws VALIDATION_ERROR with `details.errors` when any check failed. */
  done(): void {
    if (this.errors.length === 0) return;
    const summary = this.errors.map((error) => error.message).join('; ');
    throw new DomainError('VALIDATION_ERROR', `Invalid request: ${summary}`, { errors: [...this.errors] });
  }

  private field(name: string): unknown {
    return typeof this.payload === 'object' && this.payload !== null
      ? (this.payload as Record<string, unknown>)[name]
      : undefined;
  }
}

/** The principal the gateway attached; without a well-formed one nobody is acting. */
export function requirePrincipal(payload: unknown): Principal {
  const principal = (payload as { principal?: unknown } | null)?.principal as Partial<Principal> | undefined;
  const valid =
    typeof principal === 'object' &&
    principal !== null &&
    typeof principal.keyId === 'string' &&
    isValidId(principal.ownerId) &&
    Array.isArray(principal.scopes) &&
    principal.scopes.every((scope) => (Scopes as readonly unknown[]).includes(scope));
  if (!valid) throw new DomainError('UNAUTHORIZED', 'A valid principal is required');
  return principal as Principal;
}
