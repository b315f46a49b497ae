import { NgramHashingEmbedder } from './adapters/ngram-hashing-embedder';
import { Model2VecEmbedder } from './adapters/model2vec-embedder';
import { OpenAiEmbedder } from './adapters/openai-embedder';
import { EmbeddingError } from './embedding-error';
import type { Embedder } from './ports/embedder';

export const EMBEDDING_PROVIDERS = ['hashing', 'model2vec', 'openai'] as const;
export type EmbeddingProvider = (typeof EMBEDDING_PROVIDERS)[number];

/** The embedding settings of an app's config, as plain values (environment variables by name). */
export interface EmbeddingSettings {
  /** Default `hashing`: offline, no weights to download. */
  EMBEDDINGS_PROVIDER?: EmbeddingProvider | string;
  /** model2vec: the model directory. */
  EMBEDDINGS_MODEL_PATH?: string;
  /** openai: the server root, e.g. `https://api.openai.com` or `http://ollama:11434`. */
  EMBEDDINGS_URL?: string;
  /** openai: the model name. */
  EMBEDDINGS_MODEL?: string;
  /** openai: the bearer token, when the server wants one. */
  EMBEDDINGS_API_KEY?: string;
  /** openai: the expected vector size (learned from the first response when unset); hashing: the bucket count. */
  EMBEDDINGS_DIMENSION?: number | string;
}

/** Builds the configured embedder; throws `EmbeddingError` naming the setting that is missing or wrong. */
export async function createEmbedder(settings: EmbeddingSettings = {}): Promise<Embedder> {
  const provider = blankToUndefined(settings.EMBEDDINGS_PROVIDER) ?? 'hashing';
  const dimension = parseDimension(settings.EMBEDDINGS_DIMENSION);
  switch (provider) {
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
