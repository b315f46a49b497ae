import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DomainError } from '@trove/contracts';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import {
  ParsedUpdate,
  ParsedUpload,
  parseUpdateBody,
  parseUploadBody,
  ParseOutcome,
} from './embeddings-json';

/** Bodies up to this size are parsed in place: a worker round trip would cost more. */
const IN_PLACE_MAX_BYTES = 512 * 1024;

/**
 * Parses embedding bodies off the event loop. A 2000 × 3024 body is about 120 MB of JSON:
 * JSON.parse and the float32 copy take about 0.8 s, during which the gateway could answer
 * nothing else. One worker thread does it instead (bodies queue for it, which bounds the memory a
 * burst of uploads can take); the body's bytes are moved to it, not copied, and the vectors come
 * back as one Float32Array.
 */
@Injectable()
export class EmbeddingsJsonParser implements OnApplicationShutdown {
  private pool: Piscina | undefined;

  async upload(body: unknown): Promise<ParsedUpload> {
    const bytes = bodyBytes(body);
    return unwrap(
      bytes.length <= IN_PLACE_MAX_BYTES
        ? parseUploadBody(bytes)
        : ((await this.run('upload', bytes)) as ParseOutcome<ParsedUpload>),
    );
  }

  async update(body: unknown): Promise<ParsedUpdate> {
    const bytes = bodyBytes(body);
    return unwrap(
      bytes.length <= IN_PLACE_MAX_BYTES
        ? parseUpdateBody(bytes)
        : ((await this.run('update', bytes)) as ParseOutcome<ParsedUpdate>),
    );
  }

  // After the HTTP server has answered the requests in hand (graceful-stop.ts), not before.
  async onApplicationShutdown(): Promise<void> {
    await this.pool?.destroy();
  }

  private run(task: 'upload' | 'update', bytes: Uint8Array): Promise<unknown> {
    this.pool ??= new Piscina({
      filename: join(__dirname, 'embeddings-json.worker.js'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 30_000,
    });
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const movable = owned ? bytes : bytes.slice();
    return this.pool.run(movable, { name: task, transferList: [movable.buffer as ArrayBuffer] });
  }
}

function bodyBytes(body: unknown): Uint8Array {
  if (body instanceof Uint8Array && body.length > 0) return body;
  throw new DomainError('VALIDATION_ERROR', 'Request body is required (JSON)');
}

function unwrap<T>(outcome: ParseOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw DomainError.fromSerialized(outcome.error);
}
