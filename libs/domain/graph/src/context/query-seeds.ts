import { GraphEntity } from '@trove/contracts';
import { keyOf } from '../extraction/offline/keys';
import { readSentences } from '../extraction/offline/sentences';
import { GraphScope, GraphStore } from '../ports/graph-store';

/** Longest name looked up in a query, in words. */
const MAX_NAME_WORDS = 4;
/** At most this many entities start the walk: the longest names the query holds. */
export const MAX_SEEDS = 8;

/**
 * The entities the query names: every 1–4-word span of it that neither starts nor ends with a stop
 * word, looked up as a resolution key in one read (so case and accents do not matter). Longest
 * names first; a word inside a longer match does not count alone. A one-word concept ("year",
 * "battle") starts the walk only when the query names nothing more specific: such hubs fill the
 * paths with what every paragraph says.
 */
export async function querySeeds(
  store: GraphStore,
  scope: GraphScope,
  query: string,
): Promise<{ seeds: GraphEntity[]; words: Set<string> }> {
  const words = readSentences(query.slice(0, 2_000))
    .flatMap((s) => s.tokens)
    .filter((t) => t.kind !== 'punctuation')
    .map((t) => ({ key: keyOf(t.text), stop: t.stop }));
  const spans = new Map<string, { from: number; to: number }>();
  for (let from = 0; from < words.length; from++) {
    for (let to = from + 1; to <= Math.min(words.length, from + MAX_NAME_WORDS); to++) {
      const span = words.slice(from, to);
      if (span[0]!.stop || span[span.length - 1]!.stop) continue;
      const key = span
        .map((w) => w.key)
        .join(' ')
        .trim();
      if (key && !spans.has(key)) spans.set(key, { from, to });
    }
  }
  const content = new Set(words.filter((w) => !w.stop && w.key.length >= 3).map((w) => w.key));
  if (spans.size === 0) return { seeds: [], words: content };
  const found = await store.entitiesByKeys(scope, [...spans.keys()]);
  const matched = [...found.keys()].map((key) => ({ key, ...spans.get(key)! }));
  matched.sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from);
  const covered = new Set<number>();
  const strong = new Map<string, GraphEntity>();
  const weak = new Map<string, GraphEntity>();
  for (const m of matched) {
    const free = Array.from({ length: m.to - m.from }, (_, i) => m.from + i).some((i) => !covered.has(i));
    if (!free || m.key.length < 2) continue;
    for (let i = m.from; i < m.to; i++) covered.add(i);
    for (const entity of found.get(m.key) ?? []) {
      const seeds = m.to - m.from === 1 && entity.type === 'concept' ? weak : strong;
      if (seeds.size < MAX_SEEDS) seeds.set(entity.entity_id, entity);
    }
  }
  return { seeds: [...(strong.size > 0 ? strong : weak).values()], words: content };
}
