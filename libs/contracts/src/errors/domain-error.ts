import { ErrorCode, isErrorCode } from './error-codes';

/** One field-level validation problem, as listed in `detail.errors`. */
export interface FieldError {
  field: string;
  message: string;
}

/** Extra, code-specific facts about an error; `errors` is the list of field problems. */
export interface ErrorDetails {
  errors?: FieldError[];
  [key: string]: unknown;
}

/** The wire form of a DomainError, as it travels in a transport reply. */
export interface SerializedDomainError {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

/**
 * The only error a service throws on purpose. It crosses the transport as
 * SerializedDomainError and becomes the spec's error body at the gateway.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toJSON(): SerializedDomainError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static isSerialized(value: unknown): value is SerializedDomainError {
    if (typeof value !== 'object' || value === null) return false;
    const candidate = value as Record<string, unknown>;
    return isErrorCode(candidate['code']) && typeof candidate['message'] === 'string';
  }

  static fromSerialized(value: SerializedDomainError): DomainError {
    return new DomainError(value.code, value.message, value.details);
  }
}
