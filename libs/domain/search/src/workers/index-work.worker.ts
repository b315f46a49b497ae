import type { EmbeddingSettings } from '@trove/embeddings';
import { move } from 'piscina';
import { analyzeTexts, embedTexts } from './index-work';

/* Piscina task module: each export is a task, named in IndexWorkers.run. */

export function analyze({ texts }: { texts: string[] }): string[][] {
  return analyzeTexts(texts);
}

export async function embed({
  settings,
  texts,
}: {
  settings: EmbeddingSettings;
  texts: string[];
}): Promise<unknown> {
  const packed = await embedTexts(settings, texts);
  // Handed over, not copied.
  return move(packed);
}
