/** Message patterns answered by the search service, which owns every index. */
export const SearchPatterns = {
  /** Embeds and indexes a source's chunks (keyword, vector, chunk store), replacing older ones. */
  indexChunks: 'search.chunks.index',
  /** indexChunks for many sources at once (IndexManyRequest → BatchReply<IndexChunksResult>). */
  indexMany: 'search.chunks.index-many',
  hybrid: 'search.query.hybrid',
  fullText: 'search.query.full-text',
  /** Removes every chunk of the given sources from every index. */
  deleteSources: 'search.sources.delete',
} as const;

export const SearchModes = ['sources', 'memories'] as const;
export type SearchMode = (typeof SearchModes)[number];

/** Chunks made from the text itself, and short statements inferred from it (memories with infer). */
export const ChunkKinds = ['original', 'inferred'] as const;
export type ChunkKind = (typeof ChunkKinds)[number];
