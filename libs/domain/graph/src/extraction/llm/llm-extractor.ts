import { DomainError } from '@trove/contracts';
import { ChatClient } from '@trove/platform-llm';
import {
  ExtractionInput,
  ExtractionResult,
  ExtractionUsage,
  GraphExtractor,
} from '../../ports/graph-extractor';
import { ChunkFacts, EntityMention, RelationMention } from '../../ports/graph-store';
import { parseDate } from '../dates';
import { keyOf } from '../offline/keys';
import { ENTITY_TYPES, EXTRACTION_SCHEMA, SYSTEM_PROMPT, userPrompt } from './llm-prompt';

export interface LlmExtractorOptions {
  /** Server root, with or without `/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  jsonMode: 'json_schema' | 'json_object';
  /** Per attempt. */
  timeoutMs: number;
  /** Chunks in flight at once. */
  concurrency: number;
  /** Retries after the first attempt, on network errors, timeouts, 429 and 5xx. */
  maxRetries?: number;
  minRetryDelayMs?: number;
}

interface ModelEntity {
  name?: unknown;
  type?: unknown;
  aliases?: unknown;
}
interface ModelRelation {
  source?: unknown;
  predicate?: unknown;
  canonical_predicate?: unknown;
  target?: unknown;
  time?: unknown;
  confidence?: unknown;
}

const MAX_RETRY_DELAY_MS = 10_000;

const text = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/**
 * Extraction by any OpenAI-compatible chat endpoint (`POST /v1/chat/completions`, through
 * `ChatClient`): one request per chunk, JSON answers shaped by a schema, token counts summed per
 * source. The model's answer is checked field by field (a malformed one costs that chunk its
 * facts, never the source), and its entities get the same resolution keys as the offline
 * extractor's.
 */
export class LlmExtractor extends GraphExtractor {
  readonly name: string;
  private readonly client: ChatClient;

  constructor(private readonly options: LlmExtractorOptions) {
    super();
    const maxRetries = options.maxRetries ?? 3;
    this.client = new ChatClient({
      baseUrl: options.baseUrl,
      model: options.model,
      apiKey: options.apiKey,
      jsonMode: options.jsonMode,
      attemptTimeoutMs: options.timeoutMs,
      // A queued job, not a request: the time box only stops a call that every attempt and
      // backoff together could not finish, as before the client had one.
      timeoutMs: (maxRetries + 1) * options.timeoutMs + maxRetries * MAX_RETRY_DELAY_MS,
      maxRetries,
      minRetryDelayMs: options.minRetryDelayMs ?? 500,
      maxRetryDelayMs: MAX_RETRY_DELAY_MS,
    });
    this.name = `llm:${options.model}`;
  }

  async extract(input: ExtractionInput): Promise<ExtractionResult> {
    const usage: ExtractionUsage = { prompt_tokens: 0, completion_tokens: 0 };
    const chunks: ChunkFacts[] = new Array(input.chunks.length);
    let next = 0;
    const worker = async () => {
      while (next < input.chunks.length) {
        const index = next++;
        const chunk = input.chunks[index]!;
        chunks[index] = await this.extractChunk(chunk.chunk_id, chunk.text, input.reference_time, usage);
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.options.concurrency, input.chunks.length) }, worker),
    );
    return { chunks, usage };
  }

  private async extractChunk(
    chunkId: string,
    passage: string,
    reference: Date,
    usage: ExtractionUsage,
  ): Promise<ChunkFacts> {
    if (passage.trim() === '') return { chunk_id: chunkId, entities: [], relations: [] };
    const answer = await this.complete(passage, usage);
    return toFacts(chunkId, answer, reference, passage);
  }

  /** The model's answer; `undefined` when it was not JSON (the chunk loses its facts, not the source). */
  private async complete(passage: string, usage: ExtractionUsage): Promise<unknown> {
    try {
      const result = await this.client.completeJson({
        system: SYSTEM_PROMPT,
        user: userPrompt(passage, this.options.jsonMode),
        schema: EXTRACTION_SCHEMA,
        schemaName: 'knowledge_graph',
      });
      usage.prompt_tokens += result.usage.prompt_tokens;
      usage.completion_tokens += result.usage.completion_tokens;
      return result.value;
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      // The job that asked is retried later; the message names the endpoint, never the key.
      throw new DomainError('SERVICE_UNAVAILABLE', `The graph extractor's LLM endpoint failed: ${reason}`);
    }
  }
}

/** The model's answer as facts, keeping only what is well formed. */
export function toFacts(chunkId: string, answer: unknown, reference: Date, passage: string): ChunkFacts {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as {
    entities?: unknown;
    relations?: unknown;
  };
  const entities: EntityMention[] = [];
  const byName = new Map<string, number>();
  const add = (name: string, rawType: unknown, aliases: string[]): number | undefined => {
    const key = keyOf(name);
    if (!key) return undefined;
    const known = byName.get(key);
    if (known !== undefined) return known;
    const type = (ENTITY_TYPES as readonly string[]).includes(text(rawType)) ? text(rawType) : 'concept';
    const isIdentifier = type === 'email' || type === 'url' || type === 'error_code';
    const aliasKeys = [...new Set(aliases.map(keyOf).filter((k) => k && k !== key))];
    const index = entities.length;
    entities.push({
      name,
      type,
      identifier: isIdentifier ? name : null,
      keys: [key],
      ...(aliasKeys.length > 0 ? { aliases: aliasKeys } : {}),
      context: contextOf(passage, [name]),
    });
    byName.set(key, index);
    for (const alias of aliasKeys) if (!byName.has(alias)) byName.set(alias, index);
    return index;
  };
  for (const raw of Array.isArray(body.entities) ? (body.entities as ModelEntity[]) : []) {
    const aliases = Array.isArray(raw?.aliases) ? raw.aliases.map(text).filter(Boolean) : [];
    if (text(raw?.name)) add(text(raw?.name), raw?.type, aliases);
  }
  const relations: RelationMention[] = [];
  for (const raw of Array.isArray(body.relations) ? (body.relations as ModelRelation[]) : []) {
    const source = text(raw?.source)
      ? (byName.get(keyOf(text(raw?.source))) ?? add(text(raw?.source), 'concept', []))
      : undefined;
    const target = text(raw?.target)
      ? (byName.get(keyOf(text(raw?.target))) ?? add(text(raw?.target), 'concept', []))
      : undefined;
    const predicate = text(raw?.predicate);
    if (source === undefined || target === undefined || source === target || !predicate) continue;
    const time = text(raw?.time) || null;
    const confidence =
      typeof raw?.confidence === 'number' && Number.isFinite(raw.confidence) ? raw.confidence : 0.8;
    relations.push({
      source,
      target,
      raw_predicate: predicate,
      canonical_predicate: text(raw?.canonical_predicate).toLowerCase() || predicate.toLowerCase(),
      context: contextOf(passage, [entities[source]!.name, entities[target]!.name]),
      confidence: Math.min(1, Math.max(0, confidence)),
      temporal_details: time,
      timestamp: time ? parseDate(time, reference) : null,
    });
  }
  return { chunk_id: chunkId, entities, relations };
}

/** The passage's first sentence naming both entities (else naming one, else the passage's start). */
function contextOf(passage: string, names: string[]): string {
  const sentences = passage.split(/(?<=[.!?])\s+/).map((s) => s.replace(/\s+/g, ' ').trim());
  const has = (sentence: string, name: string) => sentence.toLowerCase().includes(name.toLowerCase());
  const found =
    sentences.find((s) => names.every((n) => has(s, n))) ??
    sentences.find((s) => names.some((n) => has(s, n))) ??
    sentences[0] ??
    '';
  return found.length > 400 ? `${found.slice(0, 399)}…` : found;
}
