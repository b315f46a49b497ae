import { Logger } from '@nestjs/common';
import { InferenceUsage } from '@trove/contracts';
import { ChatClient, LlmError } from '@trove/platform-llm';
import { MemoryInference, MemoryInferenceInput, MemoryInferenceResult } from '../../ports/memory-inference';
import { OfflineMemoryInference } from '../offline/offline-memory-inference';
import { MEMORY_SCHEMA, readAnswer, SYSTEM_PROMPT, userPrompt } from './llm-memory-prompt';

export interface LlmMemoryInferenceOptions {
  /** Server root, with or without `/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token; never logged, never in an answer. */
  apiKey?: string;
  /** The whole call's time box, retries included: past it, the offline inference answers. */
  timeoutMs: number;
  /** Retries after the first attempt, on network errors, 429 and 5xx, inside the time box (default 2). */
  maxRetries?: number;
  /** First backoff delay (default 100 ms). */
  minRetryDelayMs?: number;
  /** Where the one warning line of a fallback goes (default: the Nest logger). */
  warn?: (line: string) => void;
}

/** Enough for 64 statements of a sentence each. */
const MAX_ANSWER_TOKENS = 4096;

/**
 * MemoryInference by any OpenAI-compatible chat endpoint (through ChatClient): the text or the
 * pairs, the user's name, today's date and `custom_instructions` go in one request; a JSON answer
 * shaped by MEMORY_SCHEMA comes back and is checked field by field.
 *
 * The inference runs on the request's path (an add with `infer`, generate_user_memory), so the
 * model can never cost the caller their data or a 5xx: an endpoint that is down, answers an error,
 * is slower than the time box, or answers nothing usable is replaced by the offline inference for
 * that request, which the result says (`fallback`), and one warning line is logged.
 */
export class LlmMemoryInference extends MemoryInference {
  readonly name: string;
  private readonly client: ChatClient;
  private readonly offline = new OfflineMemoryInference();
  private readonly warn: (line: string) => void;

  constructor(private readonly options: LlmMemoryInferenceOptions) {
    super();
    this.client = new ChatClient({
      baseUrl: options.baseUrl,
      model: options.model,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
      minRetryDelayMs: options.minRetryDelayMs ?? 100,
      maxRetryDelayMs: Math.max(options.minRetryDelayMs ?? 100, Math.floor(options.timeoutMs / 4)),
    });
    this.name = `llm:${options.model}`;
    const logger = new Logger('LlmMemoryInference');
    this.warn = options.warn ?? ((line) => logger.warn(line));
  }

  async infer(input: MemoryInferenceInput): Promise<MemoryInferenceResult> {
    let usage: InferenceUsage = { prompt_tokens: 0, completion_tokens: 0 };
    let reason: string;
    let attempts = 0;
    try {
      const answer = await this.client.completeJson({
        system: SYSTEM_PROMPT,
        user: userPrompt(input),
        schema: MEMORY_SCHEMA,
        schemaName: 'memories',
        maxTokens: MAX_ANSWER_TOKENS,
      });
      usage = { ...answer.usage };
      attempts = answer.attempts;
      const memories = answer.invalidJson ? null : readAnswer(answer.value);
      if (memories !== null) return { memories, inference: this.name, usage };
      reason = answer.invalidJson
        ? 'the model answered something that is not JSON'
        : 'the model answered no usable memories';
    } catch (error: unknown) {
      reason = this.reasonOf(error);
      attempts = error instanceof LlmError ? error.attempts : 0;
    }
    // The endpoint's URL goes to the log (never the key, never the text); the caller gets the reason.
    this.warn(
      `${this.name} at ${this.client.url} failed after ${attempts} attempt(s): ${reason}; ` +
        'the offline inference answered instead',
    );
    const offline = await this.offline.infer(input);
    return { ...offline, usage, fallback: reason };
  }

  private reasonOf(error: unknown): string {
    if (!(error instanceof LlmError)) return 'the model call failed';
    switch (error.kind) {
      case 'timeout':
        return `the model did not answer within ${this.options.timeoutMs} ms`;
      case 'network':
        return 'the model endpoint could not be reached';
      case 'status':
        return `the model endpoint answered HTTP ${error.status ?? 'error'}`;
      case 'response':
        return 'the model endpoint answered something that is not a chat completion';
      case 'aborted':
        return 'the model call was aborted';
      case 'config':
        return 'the model endpoint is misconfigured';
    }
  }
}
