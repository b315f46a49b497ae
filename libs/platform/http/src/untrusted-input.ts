import { DomainError, FieldError } from '@trove/contracts';

/** Deepest nesting a request body or query may have (the deepest DTO nests 3 levels). */
export const MAX_INPUT_DEPTH = 32;

/** A UTF-16 surrogate without its other half: no UTF-8 form, so no store can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/**
 * Refuses, with one 422 VALIDATION_ERROR naming each field, what no route can store or
 * validate safely (docs/api.md, "Input every route refuses"):
 * - text holding NUL characters or unpaired surrogates, in a value or a key: PostgreSQL and
 *   UTF-8 cannot hold them, and a batch written with one would fail the others;
 * - nesting deeper than MAX_INPUT_DEPTH: validation recurses, and thousands of levels overflow
 *   the stack.
 * The walk is iterative, so any depth is measured safely.
 */
export function checkUntrustedInput(value: unknown, root: 'body' | 'query'): void {
  const errors: FieldError[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0 && errors.length < 20) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) errors.push({ field: path || root, message: `${path || `the ${root}`} ${problem}` });
      continue;
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    if (depth >= MAX_INPUT_DEPTH) {
      throw new DomainError(
        'VALIDATION_ERROR',
        `Invalid request: ${root} nests deeper than ${MAX_INPUT_DEPTH} levels`,
        { errors: [{ field: path || root, message: `nests deeper than ${MAX_INPUT_DEPTH} levels` }] },
      );
    }
    const entries = Array.isArray(current)
      ? current.map((item, i) => [String(i), item] as const)
      : Object.entries(current as Record<string, unknown>);
    for (const [key, item] of entries) {
      const field = Array.isArray(current) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      const keyProblem = Array.isArray(current) ? null : problemOf(key);
      if (keyProblem)
        errors.push({ field: path || root, message: `a key of ${path || `the ${root}`} ${keyProblem}` });
      stack.push({ value: item, path: field, depth: depth + 1 });
    }
  }
  if (errors.length > 0) {
    throw new DomainError('VALIDATION_ERROR', `Invalid request: ${errors.map((e) => e.message).join('; ')}`, {
      errors,
    });
  }
}

/**
 * A null top-level field is an absent one, on every route: optional inputs are "string or null",
 * null meaning the default (docs/api.md, Input every route refuses). Nested values are left as sent (a metadata value may be
 * null on purpose); typed nested fields are validated as usual.
 */
export function dropNullFields(body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body)) return;
  const record = body as Record<string, unknown>;
  for (const key of Object.keys(record)) if (record[key] === null) delete record[key];
}
