import type { ChunkFacts } from '../../ports/graph-store';
import { CORPORATE_SUFFIXES } from './name-words';

/** A name's key without the legal suffixes it ends on: "kestrel analytics ltd" → "kestrel analytics". */
function withoutLegalSuffix(key: string): string {
  let rest = key;
  for (;;) {
    const suffix = [...CORPORATE_SUFFIXES].find((s) => rest.endsWith(` ${s}`));
    if (!suffix) return rest;
    rest = rest.slice(0, -suffix.length - 1);
  }
}

/**
 * "Farah joins Kestrel Analytics on Monday" … signed "Kestrel Analytics Ltd": a company written
 * once without its legal suffix is the one company of the chunk written with it, whichever came
 * first. Returns each short name's entity index and the full name's.
 */
export function legalShortNames(entities: ChunkFacts['entities']): Map<number, number> {
  const into = new Map<number, number>();
  const byShort = new Map<string, number[]>();
  entities.forEach((e, i) => {
    if (e.type !== 'organization') return;
    const short = withoutLegalSuffix(e.keys[0]!);
    if (short !== e.keys[0] && short.length > 0) byShort.set(short, [...(byShort.get(short) ?? []), i]);
  });
  entities.forEach((e, i) => {
    if (e.type !== 'organization' && e.type !== 'concept') return;
    const full = byShort.get(e.keys[0]!);
    if (full?.length === 1 && full[0] !== i) into.set(i, full[0]!);
  });
  return into;
}
