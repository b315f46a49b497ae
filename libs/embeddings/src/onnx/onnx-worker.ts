import { parentPort } from 'node:worker_threads';
import type { ModelFiles } from './model-files';
import { OnnxRunOptions, OnnxSession } from './onnx-session';

/*
 * The one worker thread that runs every ONNX model of the process (OnnxHost starts it): each
 * loaded model is an OnnxSession under a number. onnxruntime-node's native binding can be loaded
 * by one thread only ("Module did not self-register" in a second worker), so models share this
 * thread instead of getting one each. Vectors go back as transferred buffers.
 */

export type WorkerRequest =
  | { id: number; op: 'load'; files: ModelFiles; options: OnnxRunOptions }
  | { id: number; op: 'embed'; session: number; text: string; kind: 'query' | 'document' }
  | { id: number; op: 'tokens'; session: number; text: string }
  | { id: number; op: 'release'; session: number };

export type WorkerReply =
  | { id: number; op: 'loaded'; session: number; dimension: number }
  | { id: number; op: 'vector'; vector: Float32Array }
  | { id: number; op: 'tokens'; ids: number[] }
  | { id: number; op: 'released' }
  | { id: number; op: 'error'; message: string };

const port = parentPort!;
const sessions = new Map<number, OnnxSession>();
let nextSession = 1;

port.on('message', (request: WorkerRequest) => void answer(request));

function sessionOf(id: number): OnnxSession {
  const session = sessions.get(id);
  if (!session) throw new Error(`no model loaded as session ${id}`);
  return session;
}

async function answer(request: WorkerRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'load': {
        const session = await OnnxSession.load(request.files, request.options);
        const number = nextSession++;
        sessions.set(number, session);
        reply({ id: request.id, op: 'loaded', session: number, dimension: session.dimension });
        return;
      }
      case 'embed': {
        const vector = await sessionOf(request.session).embed(request.text, request.kind);
        port.postMessage({ id: request.id, op: 'vector', vector } satisfies WorkerReply, [
          vector.buffer as ArrayBuffer,
        ]);
        return;
      }
      case 'tokens':
        reply({ id: request.id, op: 'tokens', ids: sessionOf(request.session).tokenIds(request.text) });
        return;
      case 'release': {
        const session = sessions.get(request.session);
        sessions.delete(request.session);
        await session?.close();
        reply({ id: request.id, op: 'released' });
        return;
      }
    }
  } catch (error: unknown) {
    reply({ id: request.id, op: 'error', message: (error as Error).message });
  }
}

function reply(message: WorkerReply): void {
  port.postMessage(message);
}
