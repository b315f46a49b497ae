import * as ort from 'onnxruntime-node';
import { EmbeddingError } from '../embedding-error';
import type { OnnxPooling } from './model-catalogue';
import { poolHidden } from './pooling';

interface Job {
  ids: number[];
  resolve: (vector: Float32Array) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs token sequences through one ONNX session, one at a time, queries before documents.
 *
 * No batching, on purpose. Measured on 2 cores, 8 one-sentence texts in one run cost ~0.65× per
 * text of one-at-a-time runs, but the quantised models' activations are quantised per tensor, so
 * a text's vector then depends on what it was batched with (cosine 0.997 against its own vector
 * alone): the same text would embed differently under different traffic. Batching ~300-token
 * chunks was no faster and raised memory. One text per run keeps every vector reproducible.
 */
export class RunQueue {
  private readonly queries: Job[] = [];
  private readonly documents: Job[] = [];
  private running: Promise<void> | null = null;
  private readonly withTokenTypes: boolean;

  constructor(
    private readonly session: ort.InferenceSession,
    private readonly pooling: OnnxPooling,
    private dimension: number,
  ) {
    this.withTokenTypes = session.inputNames.includes('token_type_ids');
  }

  embed(ids: number[], kind: 'query' | 'document'): Promise<Float32Array> {
    return new Promise((resolve, reject) => {
      (kind === 'query' ? this.queries : this.documents).push({ ids, resolve, reject });
      this.pump();
    });
  }

  /** The model's output width, from one run of `[cls, sep]`. */
  async probeDimension(cls: number, sep: number): Promise<number> {
    const output = await this.run([[cls, sep]]);
    this.dimension = output.dims[output.dims.length - 1]!;
    return this.dimension;
  }

  /** Resolves once nothing is queued or running. */
  async drain(): Promise<void> {
    while (this.running || this.queries.length > 0 || this.documents.length > 0) {
      await (this.running ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }

  private pump(): void {
    if (this.running) return;
    const queue = this.queries.length > 0 ? this.queries : this.documents;
    if (queue.length === 0) return;
    this.running = this.runOne(queue.shift()!).finally(() => {
      this.running = null;
      // After the events that arrived during the run (a query's message may be among them).
      setImmediate(() => this.pump());
    });
  }

  private async runOne(job: Job): Promise<void> {
    try {
      const output = await this.run([job.ids]);
      const positions = output.dims.length === 3 ? output.dims[1]! : 1;
      const [vector] = poolHidden(
        output.data as Float32Array,
        [job.ids.length],
        positions,
        this.dimension,
        this.pooling,
      );
      job.resolve(vector!);
    } catch (error: unknown) {
      job.reject(
        error instanceof EmbeddingError
          ? error
          : new EmbeddingError('onnx', (error as Error).message, { cause: error }),
      );
    }
  }

  private async run(rows: number[][]): Promise<ort.Tensor> {
    const width = Math.max(...rows.map((row) => row.length));
    const ids = new BigInt64Array(rows.length * width);
    const mask = new BigInt64Array(rows.length * width);
    rows.forEach((row, r) =>
      row.forEach((id, t) => {
        ids[r * width + t] = BigInt(id);
        mask[r * width + t] = 1n;
      }),
    );
    const dims = [rows.length, width];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
    };
    if (this.withTokenTypes)
      feeds['token_type_ids'] = new ort.Tensor('int64', new BigInt64Array(ids.length), dims);
    const outputs = await this.session.run(feeds);
    const output = outputs[this.session.outputNames[0]!];
    if (!output || output.type !== 'float32') {
      throw new EmbeddingError('onnx', `the model's first output is not a float32 tensor`);
    }
    return output;
  }
}
