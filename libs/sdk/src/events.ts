// Server-sent events read from a fetch body: only ReadableStream and TextDecoder, for browsers and
// Node alike (EventSource cannot send an Authorization header).
import type { ProcessingEvent } from './types.js';

/** One server-sent event: its `event:` name (default `message`) and its `data:` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/** The events of a `text/event-stream` body, in order; comment lines (heartbeats) are skipped. */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      buffer = buffer.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseBlock(block);
        if (event) yield event;
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function parseBlock(block: string): ServerSentEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 ? undefined : { event, data: data.join('\n') };
}

/** The `status` events of `GET /ingestion/events`, parsed. */
export async function* processingEventsOf(body: ReadableStream<Uint8Array>): AsyncGenerator<ProcessingEvent> {
  for await (const { event, data } of readServerSentEvents(body)) {
    if (event === 'status') yield JSON.parse(data) as ProcessingEvent;
  }
}
