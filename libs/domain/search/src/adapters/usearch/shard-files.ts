import { FileHandle, mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ShardItem, ShardState, VectorShard } from './vector-shard';

const SNAPSHOT = 'snapshot.bin';
const MAGIC = 0x53565254; // "TRVS"
/** v2: the graph of centred vectors (centredForGraph); a v1 graph is not loaded but rebuilt. */
const graphFile = (generation: number): string => `graph-v2-${generation}.usearch`;
const logFile = (generation: number): string => `log-${generation}.bin`;

/** One write-ahead log record. */
type LogRecord =
  | { op: 'put'; ids: string[]; sourceIds: string[]; kinds: string[] }
  | { op: 'removeIds'; ids: string[] }
  | { op: 'removeSources'; sourceIds: string[] };

interface SnapshotHeader {
  generation: number;
  dimension: number;
  ids: (string | null)[];
  sourceIds: string[];
  kinds: string[];
}

/**
 * The files of one shard: `snapshot.bin` (slot-addressed records and f32 vectors, CRC-checked),
 * `graph-v2-<g>.usearch` (the HNSW graph saved with that snapshot, so reopening skips the rebuild) and
 * `log-<g>.bin`, an append-only log of every change since snapshot g. A change is appended before
 * it is applied in memory; reopening replays the log and drops a torn last record.
 */
export class ShardFiles {
  private constructor(
    readonly dir: string,
    private generation: number,
    private log: FileHandle,
    private bytes: number,
  ) {}

  /** Opens (or creates) the shard under `dir` and returns it with its files. */
  static async open(dir: string, dimension: number): Promise<{ files: ShardFiles; shard: VectorShard }> {
    await mkdir(dir, { recursive: true });
    let shard: VectorShard;
    let generation = 0;
    const snapshot = await readSnapshot(join(dir, SNAPSHOT), dimension);
    if (snapshot) {
      generation = snapshot.header.generation;
      const graph = join(dir, graphFile(generation));
      const hasGraph = await stat(graph).then(
        () => true,
        () => false,
      );
      shard = VectorShard.fromState(dimension, snapshot.state, hasGraph ? graph : null);
    } else {
      shard = new VectorShard(dimension);
    }
    const logPath = join(dir, logFile(generation));
    const valid = await replay(logPath, dimension, shard);
    // Leftovers of an interrupted snapshot; other files (the adapter's scope.json) are not ours.
    const current = [SNAPSHOT, graphFile(generation), logFile(generation)];
    for (const name of await readdir(dir)) {
      const ours = /^(graph-(v2-)?\d+\.usearch|log-\d+\.bin|snapshot\.bin\.tmp)$/.test(name);
      if (ours && !current.includes(name)) await rm(join(dir, name), { force: true });
    }
    const log = await open(logPath, 'a+');
    await log.truncate(valid);
    return { files: new ShardFiles(dir, generation, log, valid), shard };
  }

  /** Bytes in the log since the last snapshot. */
  get logBytes(): number {
    return this.bytes;
  }

  async appendPut(items: ShardItem[]): Promise<void> {
    const vectors = new Float32Array(items.length * (items[0]?.unit.length ?? 0));
    items.forEach((item, i) => vectors.set(item.unit, i * item.unit.length));
    const record: LogRecord = {
      op: 'put',
      ids: items.map((i) => i.id),
      sourceIds: items.map((i) => i.sourceId),
      kinds: items.map((i) => i.kind),
    };
    await this.append(record, vectors);
  }

  async appendRemove(record: Exclude<LogRecord, { op: 'put' }>): Promise<void> {
    await this.append(record, new Float32Array(0));
  }

  /** Writes a new snapshot and graph of `shard`, then starts an empty log. Callers hold the shard's lock. */
  async snapshot(shard: VectorShard): Promise<void> {
    const next = this.generation + 1;
    const state = shard.state();
    shard.saveGraph(join(this.dir, graphFile(next)));
    const { ids, sourceIds, kinds } = state;
    const header: SnapshotHeader = { generation: next, dimension: shard.dimension, ids, sourceIds, kinds };
    const json = Buffer.from(JSON.stringify(header));
    const head = Buffer.alloc(12 + json.length + padding(json.length));
    head.writeUInt32LE(MAGIC, 0);
    head.writeUInt32LE(1, 4);
    head.writeUInt32LE(json.length, 8);
    json.copy(head, 12);
    const body = Buffer.from(state.vectors.buffer, state.vectors.byteOffset, state.vectors.byteLength);
    const tail = Buffer.alloc(4);
    tail.writeUInt32LE(crc32(body, crc32(head)), 0);
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    const file = await open(tmp, 'w');
    try {
      await file.writev([head, body, tail]);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, join(this.dir, SNAPSHOT));
    const old = this.generation;
    await this.log.close();
    this.log = await open(join(this.dir, logFile(next)), 'a+');
    this.generation = next;
    this.bytes = 0;
    await rm(join(this.dir, logFile(old)), { force: true });
    await rm(join(this.dir, graphFile(old)), { force: true });
  }

  async close(): Promise<void> {
    await this.log.close();
  }

  /** Closes and erases every file of the shard. */
  async destroy(): Promise<void> {
    await this.log.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  private async append(record: LogRecord, vectors: Float32Array): Promise<void> {
    const json = Buffer.from(JSON.stringify(record));
    const payload = Buffer.alloc(4 + json.length + vectors.byteLength);
    payload.writeUInt32LE(json.length, 0);
    json.copy(payload, 4);
    Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength).copy(payload, 4 + json.length);
    const head = Buffer.alloc(8);
    head.writeUInt32LE(payload.length, 0);
    head.writeUInt32LE(crc32(payload), 4);
    await this.log.writev([head, payload]);
    this.bytes += head.length + payload.length;
  }
}

const padding = (length: number): number => (4 - ((12 + length) % 4)) % 4;

async function readSnapshot(
  path: string,
  dimension: number,
): Promise<{ header: SnapshotHeader; state: ShardState } | null> {
  const data = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!data) return null;
  if (data.length < 16 || data.readUInt32LE(0) !== MAGIC) throw new Error(`${path} is not a vector snapshot`);
  if (crc32(data.subarray(0, data.length - 4)) !== data.readUInt32LE(data.length - 4)) {
    throw new Error(`${path} is corrupt (checksum mismatch)`);
  }
  const jsonLength = data.readUInt32LE(8);
  const header = JSON.parse(data.toString('utf8', 12, 12 + jsonLength)) as SnapshotHeader;
  if (header.dimension !== dimension) {
    throw new Error(`${path} holds ${header.dimension}-d vectors, the space is ${dimension}-d`);
  }
  const start = 12 + jsonLength + padding(jsonLength);
  const vectors = new Float32Array(
    data.buffer.slice(data.byteOffset + start, data.byteOffset + data.length - 4),
  );
  return { header, state: { ids: header.ids, sourceIds: header.sourceIds, kinds: header.kinds, vectors } };
}

/** Applies the log's records to `shard`; returns the length of its valid prefix. */
async function replay(path: string, dimension: number, shard: VectorShard): Promise<number> {
  const data = await readFile(path).catch(() => Buffer.alloc(0));
  let offset = 0;
  while (offset + 8 <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + 8 + length;
    if (end > data.length || crc32(data.subarray(offset + 8, end)) !== data.readUInt32LE(offset + 4)) break;
    const jsonLength = data.readUInt32LE(offset + 8);
    const record = JSON.parse(data.toString('utf8', offset + 12, offset + 12 + jsonLength)) as LogRecord;
    if (record.op === 'put') {
      const start = data.byteOffset + offset + 12 + jsonLength;
      const vectors = new Float32Array(data.buffer.slice(start, data.byteOffset + end));
      shard.put(
        record.ids.map((id, i) => ({
          id,
          sourceId: record.sourceIds[i]!,
          kind: record.kinds[i]!,
          unit: vectors.subarray(i * dimension, (i + 1) * dimension),
        })),
      );
    } else if (record.op === 'removeIds') shard.removeIds(record.ids);
    else shard.removeSources(record.sourceIds);
    offset = end;
  }
  return offset;
}
