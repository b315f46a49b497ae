import { ChunkKind, SearchMode } from '@trove/contracts';

/** The kind an index entry carries: which search mode finds it, and whether it was inferred. */
export function indexKind(mode: SearchMode, kind: ChunkKind): string {
  return `${mode}:${kind}`;
}
