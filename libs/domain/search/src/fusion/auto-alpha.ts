/**
 * alpha: "auto" — choose the semantic weight from the shape of the query. Exact strings
 * (quoted phrases), codes and identifiers (digits mixed with letters, snake_case, CONSTANTS,
 * ticket-like ids) are what keyword search finds and embeddings blur; natural-language
 * questions are what embeddings are for. The values are the documented rule:
 *
 *   quoted phrase present                                  → 0.2
 *   an identifier-like token and at most 3 words           → 0.3
 *   an identifier-like token in a longer query             → 0.5
 *   a question (wh-word or "?") of 4 words or more         → 0.8
 *   one or two plain words                                 → 0.5
 *   anything else                                          → the default alpha
 */
const QUESTION =
  /^(who|what|when|where|why|how|which|whose|whom|is|are|do|does|did|can|could|should|would|will)\b/i;
const IDENTIFIER =
  /(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9._:/-]*|\b[a-z]+_[a-z0-9_]+\b|\b[A-Z]{2,}[A-Z0-9_-]*\b/;

export interface AutoAlpha {
  alpha: number;
  reason: string;
}

export function chooseAlpha(query: string, defaultAlpha: number): AutoAlpha {
  const trimmed = query.trim();
  const words = trimmed.split(/\s+/).filter(Boolean);
  if (/"[^"]+"/.test(trimmed)) return { alpha: 0.2, reason: 'quoted phrase' };
  const identifier = words.some((word) => IDENTIFIER.test(word));
  if (identifier && words.length <= 3) return { alpha: 0.3, reason: 'identifier in a short query' };
  if (identifier) return { alpha: 0.5, reason: 'identifier in a longer query' };
  if (words.length >= 4 && (QUESTION.test(trimmed) || trimmed.endsWith('?'))) {
    return { alpha: 0.8, reason: 'natural-language question' };
  }
  if (words.length <= 2) return { alpha: 0.5, reason: 'one or two plain words' };
  return { alpha: defaultAlpha, reason: 'default' };
}
