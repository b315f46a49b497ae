import { createHash } from 'node:crypto';
import {
  appendFile,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '@trove/contracts';
import { IndexScope } from '../../ports/index-scope';
import { LogOperation, decodeLog, decodeSnapshot, encodeLogRecord, encodeSnapshot } from './keyword-log';
import { KeywordPartition } from './keyword-partition';

const SCOPE_FILE = 'scope.json';
const LOG_FILE = 'log.bin';
const SNAPSHOT_FILE = 'snapshot.bin';

/** A directory name for an id: fixed length and case-safe on any file system; scope.json names it. */
function directoryName(id: string): string {
  return createHash('sha256').update(id).digest('hex').slice(0, 32);
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeDurably(path: string, data: Buffer | string): Promise<void> {
  const temporary = `${path}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/**
 * The files of one partition: `<root>/<tenant hash>/<sub-tenant hash>/` holding scope.json, a
 * snapshot and the log of writes since it. Erasing a sub-tenant removes the directory, so its
 * analysed terms leave the disk too.
 */
export class PartitionFiles {
  private logBytes = 0;
  private snapshotBytes = 0;

  private constructor(
    readonly directory: string,
    private readonly fsync: boolean,
  ) {}

  static forScope(root: string, scope: IndexScope, fsync: boolean): PartitionFiles {
    const directory = join(root, directoryName(scope.tenantId), directoryName(scope.subTenantId));
    return new PartitionFiles(directory, fsync);
  }

  /** Every partition under root, loaded; a torn log tail is cut off so later appends follow good data. */
  static async loadAll(
    root: string,
    fsync: boolean,
  ): Promise<{ scope: IndexScope; files: PartitionFiles; partition: KeywordPartition }[]> {
    const loaded = [];
    for (const tenant of await readdir(root, { withFileTypes: true })) {
      if (!tenant.isDirectory()) continue;
      for (const sub of await readdir(join(root, tenant.name), { withFileTypes: true })) {
        if (!sub.isDirectory()) continue;
        const files = new PartitionFiles(join(root, tenant.name, sub.name), fsync);
        const scopeJson = await readIfExists(join(files.directory, SCOPE_FILE));
        // scope.json is written before anything else: without it the partition never held data.
        if (scopeJson === undefined) continue;
        const scope = JSON.parse(scopeJson.toString('utf8')) as IndexScope;
        loaded.push({ scope, files, partition: await files.load() });
      }
    }
    return loaded;
  }

  async create(scope: IndexScope): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const { tenantId, subTenantId } = scope;
    await writeDurably(join(this.directory, SCOPE_FILE), JSON.stringify({ tenantId, subTenantId }));
  }

  async append(operation: LogOperation): Promise<void> {
    const record = encodeLogRecord(operation);
    const path = join(this.directory, LOG_FILE);
    if (this.fsync) {
      const handle = await open(path, 'a');
      try {
        await handle.write(record);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } else {
      await appendFile(path, record);
    }
    this.logBytes += record.length;
  }

  /**
   * Whether the log outgrew `minimumBytes` and half the snapshot: replaying JSON records is the
   * slow part of reopening, and snapshots written at that pace cost about 3× the data in total.
   */
  shouldSnapshot(minimumBytes: number): boolean {
    return this.logBytes > Math.max(minimumBytes, this.snapshotBytes / 2);
  }

  hasLog(): boolean {
    return this.logBytes > 0;
  }

  /** Replaces the snapshot by the partition's state, then empties the log (a crash in between is harmless). */
  async snapshot(partition: KeywordPartition): Promise<void> {
    const data = encodeSnapshot(partition.exportState());
    await writeDurably(join(this.directory, SNAPSHOT_FILE), data);
    await writeFile(join(this.directory, LOG_FILE), '');
    this.snapshotBytes = data.length;
    this.logBytes = 0;
  }

  async erase(): Promise<void> {
    await rm(this.directory, { recursive: true, force: true });
  }

  private async load(): Promise<KeywordPartition> {
    let partition = new KeywordPartition();
    const snapshotPath = join(this.directory, SNAPSHOT_FILE);
    const snapshot = await readIfExists(snapshotPath);
    if (snapshot !== undefined) {
      const state = decodeSnapshot(snapshot);
      if (state === undefined) {
        throw new DomainError('INTERNAL_ERROR', `keyword index snapshot ${snapshotPath} is corrupt`);
      }
      partition = KeywordPartition.restore(state);
      this.snapshotBytes = snapshot.length;
    }
    const logPath = join(this.directory, LOG_FILE);
    const log = (await readIfExists(logPath)) ?? Buffer.alloc(0);
    const { operations, validBytes } = decodeLog(log);
    for (const operation of operations) {
      if ('upsert' in operation) for (const doc of operation.upsert) partition.upsert(doc);
      else for (const id of operation.delete) partition.remove(id);
    }
    if (validBytes < log.length) await truncate(logPath, validBytes);
    this.logBytes = await sizeOf(logPath);
    return partition;
  }
}
