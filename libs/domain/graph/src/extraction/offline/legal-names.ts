import type { ChunkFacts } from '../../ports/graph-store';

/**
 * "Farah joins Kestrel Analytics on Monday" … signed "Kestrel Analytics Ltd": a company written
 * once without its legal suffix is the one company of the chunk written with it, whichever came
 * first. Returns each short name's entity index and the full name's.
 */
export function legalShortNames(entities: ChunkFacts['entities']): Map<number, number> {
  const into = new Map<number, number>();
  const byShort = new Map<string, number[]>();
  // (An organisation's name without its legal suffix is its second key: name-mentions.ts.)
  entities.forEach((e, i) => {
    if (e.type !== 'organization') return;
    for (const short of e.keys.slice(1)) byShort.set(short, [...(byShort.get(short) ?? []), i]);
  });
  entities.forEach((e, i) => {
    if (e.type !== 'organization' && e.type !== 'concept') return;
    const full = byShort.get(e.keys[0]!);
    if (full?.length === 1 && full[0] !== i) into.set(i, full[0]!);
  });
  return into;
}
