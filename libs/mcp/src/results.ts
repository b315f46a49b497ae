import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TroveError } from '@trove/sdk';

/**
 * A tool's answer: `structuredContent` for clients that read the output schema, and the same
 * object as compact JSON text for those that do not (the MCP spec asks a tool with an output
 * schema to return its serialisation as text too). JSON rather than prose keeps ids exact, which
 * the model needs to chain tools (a search hit's `source_id` into fetch_source); compact because
 * every character is context the model pays for.
 */
export function toolResult<T extends object>(structured: T): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured as Record<string, unknown>,
  };
}

/** What a failed call tells the model: Trove's own words, code, status and request id. */
export interface ToolFailure {
  error_code: string;
  message: string;
  status?: number;
  request_id?: string;
  field_errors?: { field: string; message: string }[];
}

/**
 * A Trove error as a tool result with `isError: true` (never a protocol error: the model should
 * read it and correct its call). Anything else is rethrown; the SDK turns it into an isError
 * result with its message.
 */
export function toolFailure(error: unknown): CallToolResult {
  if (!(error instanceof TroveError)) throw error;
  const failure: ToolFailure = {
    error_code: error.errorCode,
    message: error.message,
    ...(error.status ? { status: error.status } : {}),
    ...(error.requestId ? { request_id: error.requestId } : {}),
    ...(error.fieldErrors.length ? { field_errors: error.fieldErrors } : {}),
  };
  const where = [
    error.status ? `HTTP ${error.status}` : undefined,
    error.requestId ? `request id ${error.requestId}` : undefined,
  ].filter(Boolean);
  const fields = failure.field_errors?.map((f) => `\n  ${f.field}: ${f.message}`).join('') ?? '';
  return {
    content: [
      {
        type: 'text',
        text: `Trove error ${error.errorCode}: ${error.message}${where.length ? ` (${where.join(', ')})` : ''}${fields}`,
      },
    ],
    isError: true,
  };
}

/** Runs a tool's call, turning a TroveError into an isError result. */
export async function guarded(call: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await call();
  } catch (error) {
    return toolFailure(error);
  }
}

/** `text` cut to `max` characters (at a character boundary, never inside a surrogate pair). */
export function clip(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}

/** Leaves out undefined fields (an explicit undefined would still be a key in the JSON object). */
export function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
