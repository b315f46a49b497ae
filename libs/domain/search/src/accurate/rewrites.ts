/** What accurate mode asks a chat model for (docs/api.md, Search: accurate mode). */
export const REWRITE_SYSTEM =
  'You rewrite search queries for a retrieval engine. Given a user query, return up to 3 ' +
  'short search queries that together find the passages needed to answer it: for a question ' +
  'that needs several facts, one query per fact (sub-questions); otherwise paraphrases with the ' +
  'key terms. Do not answer the question. Answer with JSON only: {"queries": ["...", ...]}.';

export const REWRITE_SCHEMA = {
  type: 'object',
  properties: { queries: { type: 'array', items: { type: 'string' }, maxItems: 3 } },
  required: ['queries'],
  additionalProperties: false,
} as const;

/** At most 3 distinct, non-empty rewrites of at most 500 characters, other than the query itself. */
export function rewritesOf(value: unknown, query: string): string[] {
  const list = (value as { queries?: unknown } | undefined)?.queries;
  if (!Array.isArray(list)) return [];
  const seen = new Set([query.trim().toLowerCase()]);
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const text = item.replace(/\s+/g, ' ').trim().slice(0, 500);
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
    if (out.length === 3) break;
  }
  return out;
}
