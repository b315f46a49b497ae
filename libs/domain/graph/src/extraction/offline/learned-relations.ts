import type { Embedder } from '@trove/embeddings';
import type { Mention } from './mentions';
import { CANONICAL_PREDICATES } from './predicate-rules';
import { isVerbLike } from './predicates';
import type { SentenceRelation } from './relations';
import { RELATION_MODEL } from './relation-model.data';
import { Sentence, Token } from './sentences';

/**
 * The learned reader of relations: two mentions of a sentence that the rules related in no way,
 * their words (the mentions masked by their types: "person trained at the organization before"),
 * embedded by the embedding model, plus their types and the shape of the gap, classified by a
 * softmax regression into a canonical predicate and its direction, or into no relation. Trained
 * on the annotated sets of bench/data/graph-extraction.jsonl by tools/graph-relation-model.mjs,
 * which writes relation-model.data.ts; its threshold was chosen by cross-validation by set.
 */

/** Two mentions of a sentence in text order, and what the classifier reads of them. */
export interface PairCandidate {
  /** The first of the two in the sentence. */
  first: Mention;
  second: Mention;
  /** The words around and between, the mentions masked by their types: what is embedded. */
  text: string;
  /** Features besides the embedding: the two types and the gap's shape. */
  features: number[];
  /** The words between, as the relation's raw predicate. */
  raw: string;
  /** The rules related the two already (only a reader that `readsRelated` is given these). */
  related: boolean;
  /**
   * The rules' relations between the two when none is of the vocabulary ("Canberra lie within
   * …"): a reading of the vocabulary replaces their predicate.
   */
  corrects?: SentenceRelation[];
}

/** What the classifier read a pair as: a predicate and which of the two is its source. */
export interface PairReading {
  canonical: string;
  /** The second mention is the source ("Tromsø …, the glaciologist Ingrid Halvorsen" → born in). */
  reversed: boolean;
  probability: number;
}

/** Reads candidate pairs; the extractor gives it every chunk's candidates at once. */
export interface PairReader {
  /** Also wants the pairs the rules related (a recorder of training data does). */
  readonly readsRelated?: boolean;
  read(candidates: PairCandidate[]): Promise<(PairReading | undefined)[]>;
}

/** Longest gap, in tokens, between two mentions read as a pair. */
const MAX_GAP = 8;
/** Most pairs read per sentence, the nearest first: a long list of names is not worth more. */
const MAX_PER_SENTENCE = 4;
const BEFORE = 1;
const AFTER = 0;

const TYPES = ['person', 'organization', 'location', 'product', 'event', 'concept', 'error_code'] as const;
/** The word a mention is masked with. */
const TYPE_WORDS: Record<string, string> = {
  person: 'person',
  organization: 'organization',
  location: 'place',
  product: 'product',
  event: 'event',
  concept: 'thing',
  error_code: 'error',
};
const NOT_PAIRED = new Set(['date', 'email', 'url']);
const VOCABULARY = new Set<string>(CANONICAL_PREDICATES);
const RELATIVES = new Set(['who', 'which', 'whose', 'whom', 'where', 'that']);

/** Number of features besides the embedding (see features()). */
export const PAIR_FEATURES = TYPES.length * 2 + 9;

function typeIndex(type: string): number {
  const i = (TYPES as readonly string[]).indexOf(type);
  return i < 0 ? TYPES.indexOf('concept') : i;
}

/**
 * The pairs of a sentence's mentions (pronouns resolved) that the rules did not relate: within
 * MAX_GAP tokens, not one entity twice, not dates or addresses, the nearest first.
 */
export function pairCandidates(
  sentence: Sentence,
  visible: Mention[],
  found: SentenceRelation[],
  withRelated = false,
): PairCandidate[] {
  const { tokens } = sentence;
  const related = new Map<string, SentenceRelation[]>();
  for (const r of found) {
    for (const key of [
      `${r.source.keys[0]} ${r.target.keys[0]}`,
      `${r.target.keys[0]} ${r.source.keys[0]}`,
    ]) {
      const list = related.get(key) ?? [];
      list.push(r);
      related.set(key, list);
    }
  }
  const mentions = visible.filter((m) => !NOT_PAIRED.has(m.type));
  const pairs: {
    first: Mention;
    second: Mention;
    gap: number;
    related: boolean;
    corrects?: SentenceRelation[];
  }[] = [];
  for (let a = 0; a < mentions.length; a++) {
    for (let b = a + 1; b < mentions.length; b++) {
      const first = mentions[a]!;
      const second = mentions[b]!;
      const gap = second.start - first.end;
      if (gap > MAX_GAP) break;
      if (gap < 0 || first.keys[0] === second.keys[0]) continue;
      const ruled = related.get(`${first.keys[0]} ${second.keys[0]}`);
      const corrects = ruled?.every((r) => !VOCABULARY.has(r.canonical)) ? ruled : undefined;
      if (ruled && !corrects && !withRelated) continue;
      if (tokens.slice(first.end, second.start).some((t) => t.text === ';')) continue;
      pairs.push({ first, second, gap, related: ruled !== undefined, corrects });
    }
  }
  pairs.sort((x, y) => x.gap - y.gap || x.first.start - y.first.start);
  const seen = new Set<string>();
  const out: PairCandidate[] = [];
  for (const { first, second, related: ruled, corrects } of pairs) {
    const key = `${first.keys[0]} ${second.keys[0]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...candidate(tokens, mentions, first, second), related: ruled, corrects });
    if (out.length >= MAX_PER_SENTENCE) break;
  }
  return out;
}

function candidate(
  tokens: Token[],
  mentions: Mention[],
  first: Mention,
  second: Mention,
): Omit<PairCandidate, 'related'> {
  const masked = (from: number, to: number): string[] => {
    const words: string[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, tokens.length);) {
      const m = mentions.find((x) => x.start <= i && i < x.end);
      if (m) {
        words.push(TYPE_WORDS[m.type] ?? 'thing');
        i = m.end;
      } else {
        words.push(tokens[i]!.lower);
        i++;
      }
    }
    return words;
  };
  const before = masked(first.start - BEFORE, first.start);
  const between = tokens.slice(first.end, second.start);
  const text = [
    ...before,
    TYPE_WORDS[first.type] ?? 'thing',
    ...masked(first.end, second.start),
    TYPE_WORDS[second.type] ?? 'thing',
    ...masked(second.end, second.end + AFTER),
  ].join(' ');
  return {
    first,
    second,
    text,
    features: features(tokens, mentions, first, second, between),
    raw: between
      .map((t) => t.text)
      .join(' ')
      .replace(/^[,\s]+|[,\s]+$/g, ''),
  };
}

function features(
  tokens: Token[],
  mentions: Mention[],
  first: Mention,
  second: Mention,
  between: Token[],
): number[] {
  const out = new Array<number>(PAIR_FEATURES).fill(0);
  out[typeIndex(first.type)] = 1;
  out[TYPES.length + typeIndex(second.type)] = 1;
  let k = TYPES.length * 2;
  const gap = between.length;
  out[k++] = gap <= 2 ? 1 : 0;
  out[k++] = gap > 2 && gap <= 5 ? 1 : 0;
  out[k++] = gap > 5 ? 1 : 0;
  out[k++] = between.some((t) => t.text === ',') ? 1 : 0;
  out[k++] = between.some(isVerbLike) ? 1 : 0;
  out[k++] = mentions.some((m) => m.start >= first.end && m.end <= second.start) ? 1 : 0;
  out[k++] = between.some((t) => RELATIVES.has(t.lower)) ? 1 : 0;
  // A pronoun or "the company" standing for a name: its words are not the name's.
  out[k++] = tokens[first.start]!.text !== first.name.split(' ')[0] ? 1 : 0;
  out[k++] = tokens[second.start]!.text !== second.name.split(' ')[0] ? 1 : 0;
  return out;
}

/** The classifier's weights, as tools/graph-relation-model.mjs writes them. */
export interface RelationModel {
  /** The embedder's modelId the weights were trained on: with another, the reader is off. */
  embedder: string;
  dimension: number;
  classes: string[];
  /** Per class: int8 weights (base64) over [embedding, features], their scale, and the bias. */
  weights: string[];
  scales: number[];
  bias: number[];
  /** Least probability a relation is taken at (chosen by cross-validation by set). */
  threshold: number;
  /**
   * The pairs of types ("person location", in text order) the training data relates at least
   * twice: pairs of other types are not embedded at all (most of a text's pairs are concepts').
   */
  typePairs?: string[];
}

/** The softmax regression over one candidate's vector: the best class and its probability. */
export class RelationClassifier {
  private readonly rows: Float32Array[];

  constructor(readonly model: RelationModel) {
    this.rows = model.weights.map((w, c) => {
      const bytes = Buffer.from(w, 'base64');
      const row = new Float32Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) row[i] = ((bytes[i]! << 24) >> 24) * model.scales[c]!;
      return row;
    });
  }

  /** Probabilities of every class for the vector [embedding, features]. */
  probabilities(embedding: Float32Array, extra: number[]): number[] {
    const d = embedding.length;
    const logits = this.rows.map((row, c) => {
      let sum = this.model.bias[c]!;
      for (let i = 0; i < d; i++) sum += row[i]! * embedding[i]!;
      for (let i = 0; i < extra.length; i++) sum += row[d + i]! * extra[i]!;
      return sum;
    });
    const max = Math.max(...logits);
    const exp = logits.map((l) => Math.exp(l - max));
    const total = exp.reduce((a, b) => a + b, 0);
    return exp.map((e) => e / total);
  }

  /** The best class that is a relation, when its probability reaches the threshold. */
  reading(
    embedding: Float32Array,
    extra: number[],
    threshold = this.model.threshold,
  ): PairReading | undefined {
    const p = this.probabilities(embedding, extra);
    let best = -1;
    p.forEach((q, c) => {
      if (best < 0 || q > p[best]!) best = c;
    });
    const label = this.model.classes[best]!;
    if (label === 'none' || p[best]! < threshold) return undefined;
    return { canonical: label.slice(0, -1), reversed: label.endsWith('<'), probability: p[best]! };
  }
}

/** Embedded texts kept, as pair texts repeat across chunks ("person , the ceo of organization"). */
const CACHED = 4096;

/** Reads pairs with the embedding model the weights were trained on. */
export class LearnedRelations implements PairReader {
  private readonly classifier: RelationClassifier;
  private readonly cache = new Map<string, Float32Array>();
  private readonly typePairs: Set<string> | undefined;

  private constructor(
    private readonly embedder: Embedder,
    model: RelationModel,
  ) {
    this.classifier = new RelationClassifier(model);
    this.typePairs = model.typePairs && new Set(model.typePairs);
  }

  /** Whether the pair's types are ones the training data relates. */
  private worthReading(c: PairCandidate): boolean {
    return !this.typePairs || this.typePairs.has(`${c.first.type} ${c.second.type}`);
  }

  /**
   * The reader for this embedder, or undefined when the weights do not fit it (another model, or
   * the hashing embedder standing in for a model that could not be loaded): the rules alone read.
   */
  static for(
    embedder: Embedder | undefined,
    model: RelationModel = RELATION_MODEL,
  ): LearnedRelations | undefined {
    if (!embedder || embedder.fallback || embedder.modelId !== model.embedder) return undefined;
    if (embedder.dimension !== model.dimension) return undefined;
    return new LearnedRelations(embedder, model);
  }

  async read(all: PairCandidate[]): Promise<(PairReading | undefined)[]> {
    const candidates = all.filter((c) => this.worthReading(c));
    const vectors = new Map<string, Float32Array>();
    for (const c of candidates) {
      const kept = this.cache.get(c.text);
      if (kept) vectors.set(c.text, kept);
    }
    const missing = [...new Set(candidates.map((c) => c.text).filter((t) => !vectors.has(t)))];
    if (missing.length > 0) {
      const embedded = await this.embedder.embedDocuments(missing);
      if (this.cache.size + missing.length > CACHED) this.cache.clear();
      missing.forEach((text, i) => {
        vectors.set(text, embedded[i]!);
        this.cache.set(text, embedded[i]!);
      });
    }
    return all.map((c) => {
      const vector = vectors.get(c.text);
      return vector && this.worthReading(c) ? this.classifier.reading(vector, c.features) : undefined;
    });
  }
}
