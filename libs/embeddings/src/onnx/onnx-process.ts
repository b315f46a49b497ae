import type { ModelFiles } from './model-files';
import { OnnxRunOptions, OnnxSession } from './onnx-session';

/*
 * One model process (OnnxHost forks as many as EMBEDDINGS_PROCESSES): it loads every model the
 * parent loads, under the parent's session numbers, and answers one request at a time.
 *
 * Processes rather than worker threads: onnxruntime-node's native binding registers itself once
 * per process, so a second worker thread (or a new one after the first exited) fails with
 * "Module did not self-register". One process per core, each running ONNX Runtime on one thread,
 * embeds ~1.6× the chunks of one process on two threads (measured: `bench/embeddings-speed`).
 * The process exits when its parent goes (the IPC channel closes).
 */

export type ProcessRequest =
  | { id: number; op: 'load'; session: number; files: ModelFiles; options: OnnxRunOptions }
  | { id: number; op: 'embed'; session: number; text: string; kind: 'query' | 'document' }
  | { id: number; op: 'tokens'; session: number; text: string }
  | { id: number; op: 'release'; session: number };

export type ProcessReply =
  | { id: number; op: 'loaded'; dimension: number }
  | { id: number; op: 'vector'; vector: Float32Array }
  | { id: number; op: 'tokens'; ids: number[] }
  | { id: number; op: 'released' }
  | { id: number; op: 'error'; message: string };

const sessions = new Map<number, OnnxSession>();

process.on('message', (request: ProcessRequest) => void answer(request));
process.on('disconnect', () => process.exit(0));

function sessionOf(id: number): OnnxSession {
  const session = sessions.get(id);
  if (!session) throw new Error(`no model loaded as session ${id}`);
  return session;
}

async function answer(request: ProcessRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'load': {
        const session = await OnnxSession.load(request.files, request.options);
        sessions.set(request.session, session);
        return reply({ id: request.id, op: 'loaded', dimension: session.dimension });
      }
      case 'embed': {
        const vector = await sessionOf(request.session).embed(request.text, request.kind);
        return reply({ id: request.id, op: 'vector', vector });
      }
      case 'tokens':
        return reply({
          id: request.id,
          op: 'tokens',
          ids: sessionOf(request.session).tokenIds(request.text),
        });
      case 'release': {
        const session = sessions.get(request.session);
        sessions.delete(request.session);
        await session?.close();
        return reply({ id: request.id, op: 'released' });
      }
    }
  } catch (error: unknown) {
    reply({ id: request.id, op: 'error', message: (error as Error).message });
  }
}

function reply(message: ProcessReply): void {
  if (process.connected) process.send!(message);
}
