import { createEmbedder, Embedder, EmbeddingSettings } from '@trove/embeddings';
import { analyze } from '@trove/text';

/*
 * The CPU-bound part of indexing, as plain functions of plain data so that a worker thread can run
 * them (index-work.worker.ts) as well as the calling thread: keyword analysis of documents and
 * embedding with a local model. Both are pure: the same input gives the same output in any thread.
 */

export function analyzeTexts(texts: string[]): string[][] {
  return texts.map((text) => analyze(text));
}

const embedders = new Map<string, Promise<Embedder>>();

/** The embedder these settings build, made once per thread and kept. */
export function embedderFor(settings: EmbeddingSettings): Promise<Embedder> {
  const key = JSON.stringify(settings);
  let embedder = embedders.get(key);
  if (!embedder) {
    embedder = createEmbedder(settings);
    embedders.set(key, embedder);
    embedder.catch(() => embedders.delete(key));
  }
  return embedder;
}

/** Vectors of `texts`, row after row in one buffer (one transfer instead of one per text). */
export async function embedTexts(settings: EmbeddingSettings, texts: string[]): Promise<Float32Array> {
  const embedder = await embedderFor(settings);
  const vectors = await embedder.embedDocuments(texts);
  const packed = new Float32Array(texts.length * embedder.dimension);
  vectors.forEach((vector, i) => packed.set(vector, i * embedder.dimension));
  return packed;
}

export function unpackVectors(packed: Float32Array, dimension: number): Float32Array[] {
  const vectors: Float32Array[] = [];
  for (let offset = 0; offset < packed.length; offset += dimension) {
    vectors.push(packed.subarray(offset, offset + dimension));
  }
  return vectors;
}
