import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { Tokenizer } from './huggingface-tokenizer';
import { EmbeddingError } from '../embedding-error';
import { Embedder } from '../ports/embedder';
import { embedInBatches, l2Normalize } from '../vectors';
import { SafetensorsFile } from './safetensors';

export interface Model2VecOptions {
  /** Recorded per index; default `model2vec:<directory name>`. Set it when the directory name is not meaningful. */
  modelId?: string;
  /** Tokens beyond this many are ignored, as model2vec's `encode(max_length=512)` does. */
  maxTokens?: number;
  maxBatchSize?: number;
}

interface StaticModel {
  tokenizer: Tokenizer;
  unknownTokenId: number | undefined;
  /** [rows × dimension], row-major. */
  embeddings: Float32Array;
  rows: number;
  dimension: number;
  /** Token id → row, when the vocabulary was quantised (several tokens share a row). */
  mapping: Int32Array | undefined;
  /** Per-token scale applied before pooling. */
  weights: Float32Array | undefined;
}

const PROVIDER = 'model2vec';

/**
 * A model2vec static embedding model read from a local directory (`config.json`,
 * `model.safetensors`, `tokenizer.json`): the text's tokens are looked up in a table and
 * averaged. No neural network runs, so it is fast on a CPU, yet the table was distilled from a
 * sentence transformer, so it matches by meaning (synonyms, paraphrases), unlike n-gram hashing.
 */
export class Model2VecEmbedder extends Embedder {
  readonly dimension: number;
  readonly maxBatchSize: number;
  private readonly maxTokens: number;

  private constructor(
    readonly modelId: string,
    private readonly model: StaticModel,
    options: Model2VecOptions,
  ) {
    super();
    this.dimension = model.dimension;
    this.maxBatchSize = options.maxBatchSize ?? 256;
    this.maxTokens = options.maxTokens ?? 512;
  }

  /** Reads the model; throws `EmbeddingError` naming the file when one is missing or malformed. */
  static async load(dir: string, options: Model2VecOptions = {}): Promise<Model2VecEmbedder> {
    const root = resolve(dir);
    const read = async (file: string): Promise<Buffer> => {
      try {
        return await readFile(join(root, file));
      } catch (error: unknown) {
        throw new EmbeddingError(PROVIDER, `cannot read ${join(root, file)}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    };
    const json = (file: string, bytes: Buffer): Record<string, unknown> => {
      try {
        return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
      } catch (error: unknown) {
        throw new EmbeddingError(PROVIDER, `${join(root, file)} is not JSON`, { cause: error });
      }
    };
    // config.json must exist (it marks a model2vec directory), but nothing in it changes the
    // vectors here: `normalize` is moot because every Trove embedder normalises.
    json('config.json', await read('config.json'));
    const tokenizerJson = json('tokenizer.json', await read('tokenizer.json'));
    const tokenizerConfig = await readFile(join(root, 'tokenizer_config.json')).then(
      (bytes) => json('tokenizer_config.json', bytes),
      () => ({}),
    );
    let tokenizer: Tokenizer;
    try {
      tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
    } catch (error: unknown) {
      throw new EmbeddingError(PROVIDER, `cannot build the tokenizer: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const model = readTensors(await read('model.safetensors'), join(root, 'model.safetensors'), tokenizer);
    return new Model2VecEmbedder(options.modelId ?? `model2vec:${basename(root)}`, model, options);
  }

  embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return embedInBatches(texts, this.maxBatchSize, async (batch) =>
      batch.map((text) => this.embedText(text)),
    );
  }

  /**
   * Mean of the token vectors (special tokens not added, unknown tokens dropped, as model2vec
   * does), L2-normalised. A text with no known token gives the zero vector.
   */
  embedText(text: string): Float32Array {
    const { tokenizer, unknownTokenId, embeddings, rows, dimension, mapping, weights } = this.model;
    const ids = tokenizer.encode(text, { add_special_tokens: false }).ids;
    const vector = new Float32Array(dimension);
    let count = 0;
    for (const id of ids) {
      if (count === this.maxTokens) break;
      if (id === unknownTokenId || id === undefined) continue;
      const row = mapping ? (id < mapping.length ? mapping[id] : -1) : id;
      if (row < 0 || row >= rows) continue;
      const scale = weights ? (id < weights.length ? weights[id] : 0) : 1;
      const offset = row * dimension;
      for (let i = 0; i < dimension; i++) vector[i] += scale * embeddings[offset + i];
      count++;
    }
    return l2Normalize(vector);
  }
}

function readTensors(bytes: Buffer, path: string, tokenizer: Tokenizer): StaticModel {
  try {
    const file = SafetensorsFile.parse(bytes);
    const { shape, values } = file.float32('embeddings');
    if (shape.length !== 2 || shape[0]! < 1 || shape[1]! < 1) {
      throw new Error(
        `tensor "embeddings" has shape [${shape.join(', ')}]; [vocabulary, dimension] expected`,
      );
    }
    const mapping = file.tensors.has('mapping') ? file.int32('mapping').values : undefined;
    const weights = file.tensors.has('weights') ? file.float32('weights').values : undefined;
    return {
      tokenizer,
      unknownTokenId: tokenizer.model?.unk_token_id,
      embeddings: values,
      rows: shape[0]!,
      dimension: shape[1]!,
      mapping,
      weights,
    };
  } catch (error: unknown) {
    throw new EmbeddingError(PROVIDER, `${path}: ${(error as Error).message}`, { cause: error });
  }
}
