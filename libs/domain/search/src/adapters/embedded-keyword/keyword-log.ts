import { crc32 } from 'node:zlib';
import { AnalysedDocument, PartitionState } from './analysed-document';

/**
 * On-disk formats of the embedded keyword index. The index stores analysed terms, never the
 * text: the chunk store holds the text, and reopening needs no re-analysis.
 *
 * Log: records of [u32 payload length][u32 crc32 of payload][payload JSON], appended per write
 * batch. A record that was cut short or garbled by a crash ends the readable log; everything
 * before it is kept. Every operation is an idempotent replace or delete, so replaying a log over
 * a snapshot that already contains part of it gives the same state.
 *
 * Snapshot: "TKS1" [u32 crc32 of the rest][u32 header length][header JSON][u32 vectors], where
 * the header holds the term dictionary and each document's (id, source, kind), and the vectors
 * hold per document: n, n term numbers, n frequencies (little-endian, as every platform Node
 * runs on). Written to a temporary file, synced and renamed.
 */
export type LogOperation = { upsert: AnalysedDocument[] } | { delete: string[] };

type WireDoc = [string, string, string, string[], number[]];
type WireRecord = { u: WireDoc[] } | { d: string[] };

const HEADER_BYTES = 8;
const MAGIC = 'TKS1';

export function encodeLogRecord(operation: LogOperation): Buffer {
  const wire: WireRecord =
    'upsert' in operation
      ? { u: operation.upsert.map((d) => [d.id, d.sourceId, d.kind, d.terms, d.tfs]) }
      : { d: operation.delete };
  const payload = Buffer.from(JSON.stringify(wire), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** The operations of a log, up to the first torn or corrupt record; `validBytes` is where it ends. */
export function decodeLog(buffer: Buffer): { operations: LogOperation[]; validBytes: number } {
  const operations: LogOperation[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= buffer.length) {
    const length = buffer.readUInt32LE(offset);
    const end = offset + HEADER_BYTES + length;
    if (end > buffer.length) break;
    const payload = buffer.subarray(offset + HEADER_BYTES, end);
    if (crc32(payload) !== buffer.readUInt32LE(offset + 4)) break;
    let wire: WireRecord;
    try {
      wire = JSON.parse(payload.toString('utf8')) as WireRecord;
    } catch {
      break;
    }
    operations.push(
      'u' in wire
        ? {
            upsert: wire.u.map(([id, sourceId, kind, terms, tfs]) => ({ id, sourceId, kind, terms, tfs })),
          }
        : { delete: wire.d },
    );
    offset = end;
  }
  return { operations, validBytes: offset };
}

export function encodeSnapshot({ terms, docs, vectors }: PartitionState): Buffer {
  const header = Buffer.from(JSON.stringify({ terms, docs }), 'utf8');
  const body = Buffer.alloc(4 + header.length + vectors.byteLength);
  body.writeUInt32LE(header.length, 0);
  header.copy(body, 4);
  Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength).copy(body, 4 + header.length);
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(crc32(body), 4);
  return Buffer.concat([prefix, body]);
}

/** The snapshot's state, or undefined when the file is not an intact snapshot. */
export function decodeSnapshot(buffer: Buffer): PartitionState | undefined {
  if (buffer.length < 12 || buffer.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const body = buffer.subarray(8);
  if (crc32(body) !== buffer.readUInt32LE(4)) return undefined;
  const headerLength = body.readUInt32LE(0);
  const { terms, docs } = JSON.parse(body.toString('utf8', 4, 4 + headerLength)) as Omit<
    PartitionState,
    'vectors'
  >;
  const vectorBytes = body.subarray(4 + headerLength);
  // Copied, because a Uint32Array view needs 4-byte alignment that a read buffer need not have.
  const vectors = new Uint32Array(vectorBytes.length / 4);
  Buffer.from(vectors.buffer).set(vectorBytes);
  return { terms, docs, vectors };
}
