import { RelationMention } from '../../../ports/graph-store';
import { Mention } from '../mentions';
import { figurativeCapital } from '../predicates';
import { phrase } from '../sentences';
import { PairCandidate, pairFeatures } from './pair-features';
import { PairModel, readPair } from './pair-model';

/**
 * How sure the model must be before its reading is kept. Chosen leave-one-set-out on the annotated
 * texts (bench/graph-pair-classifier.bench.mjs): below it, what it adds is right too rarely to
 * pay for what precision loses.
 */
export const PAIR_THRESHOLD = 0.8;

/**
 * A learned relation's confidence is its probability times this, so this is the most it gets:
 * below every rule's (≥ 0.49; docs/api.md).
 */
export const LEARNED_CONFIDENCE_MAX = 0.45;

/**
 * Predicates the model reads but may not add: left one set out it added "lives in" 12 times in
 * session 30 and 10 times in session 31, never right (bench/graph-pair-classifier.bench.mjs).
 */
const UNLEARNED = new Set(['lives in']);

/** A pair the model may read, with the sentence it came from. */
export interface PendingPair {
  candidate: PairCandidate;
  context: string;
}

/**
 * The relations the model reads between names the rules related in no way anywhere in the chunk,
 * once per pair of entities (its first sentence), when its probability reaches the threshold,
 * unless the rules gave the source or the target that same predicate in that sentence (the
 * sentence's reading of it is settled: "Nordo, the Copenhagen-based firm, bought Catalix" puts
 * Nordo in Copenhagen, not Catalix). Each such filter was kept because it raised F1 left one set
 * out.
 */
export function learnedRelations(
  pending: PendingPair[],
  relations: RelationMention[],
  entityOf: (mention: Mention, context: string) => number,
  model: PairModel,
  threshold = PAIR_THRESHOLD,
): RelationMention[] {
  const pairKey = (a: number, b: number) => (a < b ? `${a} ${b}` : `${b} ${a}`);
  const related = new Set(relations.map((r) => pairKey(r.source, r.target)));
  // Each sentence's readings by the rules, of a predicate from a source and to a target: a sentence
  // the rules read "Nordo located in Copenhagen" from says where Copenhagen's "located in" goes.
  const read = new Set(
    relations.flatMap((r) => [
      `${r.context}\u0000>${r.source} ${r.canonical_predicate}`,
      `${r.context}\u0000<${r.target} ${r.canonical_predicate}`,
    ]),
  );
  const out: RelationMention[] = [];
  // (A mention is in several pairs: its entity is looked up once.)
  const entities = new Map<Mention, number>();
  const entity = (mention: Mention, context: string) => {
    let index = entities.get(mention);
    if (index === undefined) entities.set(mention, (index = entityOf(mention, context)));
    return index;
  };
  for (const { candidate, context } of pending) {
    const first = entity(candidate.first.mention, context);
    const second = entity(candidate.second.mention, context);
    const key = pairKey(first, second);
    if (first === second || related.has(key)) continue;
    related.add(key);
    const reading = readPair(model, pairFeatures(candidate));
    if (!reading.predicate || reading.probability < threshold || UNLEARNED.has(reading.predicate)) continue;
    // (Nor a capital the rules read as a figure of speech: "the aurora capital of Norway".)
    if (
      reading.predicate === 'capital of' &&
      figurativeCapital(candidate.tokens.slice(candidate.first.end, candidate.second.start))
    )
      continue;
    const [source, target] = reading.forward ? [first, second] : [second, first];
    if (
      read.has(`${context}\u0000>${source} ${reading.predicate}`) ||
      read.has(`${context}\u0000<${target} ${reading.predicate}`)
    )
      continue;
    out.push({
      source,
      target,
      canonical_predicate: reading.predicate,
      raw_predicate:
        phrase(candidate.tokens, candidate.first.end, candidate.second.start).trim() || reading.predicate,
      context,
      confidence: Math.round(reading.probability * LEARNED_CONFIDENCE_MAX * 100) / 100,
      temporal_details: null,
      timestamp: null,
    });
  }
  return out;
}
