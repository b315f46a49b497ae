import { ChunkFacts } from './graph-store';

/** One source's chunks, in order, as extraction reads them. */
export interface ExtractionInput {
  chunks: { chunk_id: string; text: string }[];
  /** What relative time phrases ("last Tuesday") count from: the source's time. */
  reference_time: Date;
}

/** What extraction cost, for the source's record (an LLM extractor counts tokens). */
export interface ExtractionUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface ExtractionResult {
  chunks: ChunkFacts[];
  usage?: ExtractionUsage;
  /**
   * Sentences whose relations the extractor could not read (a fault of its rules, not of the
   * text): their names are kept, their relations skipped, and the source's graph is made anyway.
   */
  unreadSentences?: number;
  /** The extractor gave the source up (it ran out of time): no facts at all, not even names. */
  gaveUp?: boolean;
}

/** Reads entities and relations out of a source's text, chunk by chunk. */
export abstract class GraphExtractor {
  /** Names the extractor in /readyz and in logs: `offline`, or `llm:<model>`. */
  abstract readonly name: string;

  abstract extract(input: ExtractionInput): Promise<ExtractionResult>;

  /** Stops what the extractor runs beside the process (a worker thread), where it has any. */
  close?(): Promise<void>;
}
