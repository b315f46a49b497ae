/**
 * An error body in the spec's shape (`{"detail": {...}}`, docs/api.md, Errors) with the request's
 * id added as `detail.request_id`, the same id as the `x-request-id` header and the log lines,
 * so that a client reporting an error quotes what an operator can find. Anything else (a success,
 * a body that is not that JSON) comes back unchanged.
 */
export function errorBodyWithRequestId(payload: unknown, status: number, requestId: string): unknown {
  if (status < 400 || typeof payload !== 'string' || !payload.startsWith('{"detail"')) return payload;
  try {
    const body = JSON.parse(payload) as { detail?: unknown };
    const detail = body.detail;
    if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return payload;
    if ('request_id' in detail) return payload;
    return JSON.stringify({ ...body, detail: { ...detail, request_id: requestId } });
  } catch {
    return payload;
  }
}
