import { DomainError } from '@trove/contracts';

// Socket-level failures: the server is down, unreachable or went away mid-query.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// SQLSTATEs that mean "the server cannot serve you now", not "your statement is wrong":
// class 08 (connection exception), admin/crash shutdown, starting up, too many connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

// node-postgres reports pool and connection timeouts and dropped connections only by message.
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /cannot use a pool after calling end/i,
  /client has encountered a connection error/i,
  /connection timeout/i,
];

/**
 * True when `error` is a socket-level failure (refused, reset, timed out, unknown host) of any
 * client: the server is down or unreachable, whatever store it is.
 */
export function isNetworkError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  // Node reports a refused connection to a host with several addresses as an AggregateError.
  return Array.isArray(errors) && errors.some(isNetworkError);
}

/** True when `error` says the PostgreSQL server cannot be reached, rather than that a query failed. */
export function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (isNetworkError(error)) return true;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
  }
  // Node reports a refused connection to a host with several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some(isUnavailableError)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** Turns an "unreachable" failure into SERVICE_UNAVAILABLE and leaves every other error as it is. */
export function mapPostgresError(error: unknown, engine = 'PostgreSQL'): unknown {
  if (error instanceof DomainError || !isUnavailableError(error)) return error;
  return new DomainError('SERVICE_UNAVAILABLE', `${engine} is unavailable: ${describe(error)}`);
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : String(code ?? 'unknown error');
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
