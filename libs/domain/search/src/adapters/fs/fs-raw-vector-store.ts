import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '@trove/contracts';
import { IndexScope } from '../../ports/index-scope';
import { checkWholeRows, patchRows, RawVectorStore, StoredVectors } from '../../ports/raw-vector-store';

const MAGIC = 0x52565254; // "TRVR"
const VERSION = 1;
const HEADER = 16;

/** A file-system-safe, case-insensitive-safe, collision-free name for an id. */
function safeName(id: string): string {
  const hex = Buffer.from(id, 'utf8').toString('hex');
  return hex.length <= 200 ? `x${hex}` : `h${createHash('sha256').update(id).digest('hex')}`;
}

function encode(dimension: number, vectors: Float32Array): Buffer {
  const rows = vectors.length / dimension;
  const file = Buffer.allocUnsafe(HEADER + vectors.byteLength);
  file.writeUInt32LE(MAGIC, 0);
  file.writeUInt32LE(VERSION, 4);
  file.writeUInt32LE(dimension, 8);
  file.writeUInt32LE(rows, 12);
  Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength).copy(file, HEADER);
  return file;
}

function decode(file: Buffer, where: string): StoredVectors {
  const dimension = file.length >= HEADER ? file.readUInt32LE(8) : 0;
  const rows = file.length >= HEADER ? file.readUInt32LE(12) : 0;
  if (
    file.length < HEADER ||
    file.readUInt32LE(0) !== MAGIC ||
    file.length !== HEADER + rows * dimension * 4
  ) {
    throw new DomainError('INTERNAL_ERROR', `The raw vector file ${where} is damaged`);
  }
  const vectors = new Float32Array(rows * dimension);
  Buffer.from(vectors.buffer).set(file.subarray(HEADER));
  return { dimension, rows, vectors };
}

/**
 * RawVectorStore on the local file system (the embedded default): one file per batch under
 * `<dir>/<tenant>/<sub-tenant>/`, a 16-byte header and the float32 rows. Writes go to a temporary
 * file renamed over the old one, so a crash leaves either version, never a mix; a 2000 × 3024
 * batch (24 MB) is one sequential write. Callers serialise writes to one batch. Only for one
 * process with a data directory of its own: another replica cannot read these files.
 */
export class FsRawVectorStore extends RawVectorStore {
  constructor(private readonly dir: string) {
    super();
  }

  async write(scope: IndexScope, fileId: string, dimension: number, vectors: Float32Array): Promise<void> {
    checkWholeRows(dimension, vectors);
    const dir = this.scopeDir(scope);
    await mkdir(dir, { recursive: true });
    const path = join(dir, safeName(fileId));
    const temporary = `${path}.${randomUUID()}.tmp`;
    await writeFile(temporary, encode(dimension, vectors));
    await rename(temporary, path);
  }

  async read(scope: IndexScope, fileId: string): Promise<StoredVectors | null> {
    const path = this.path(scope, fileId);
    const file = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    return file ? decode(file, fileId) : null;
  }

  async readRows(scope: IndexScope, fileId: string, rows: number[]): Promise<Map<number, Float32Array>> {
    const found = new Map<number, Float32Array>();
    if (rows.length === 0) return found;
    const handle = await open(this.path(scope, fileId), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return found;
    try {
      const header = Buffer.alloc(HEADER);
      await handle.read(header, 0, HEADER, 0);
      const dimension = header.readUInt32LE(8);
      const count = header.readUInt32LE(12);
      for (const row of new Set(rows)) {
        if (!Number.isInteger(row) || row < 0 || row >= count) continue;
        const vector = new Float32Array(dimension);
        const bytes = Buffer.from(vector.buffer);
        await handle.read(bytes, 0, bytes.length, HEADER + row * dimension * 4);
        found.set(row, vector);
      }
    } finally {
      await handle.close();
    }
    return found;
  }

  async patch(scope: IndexScope, fileId: string, rows: number[], vectors: Float32Array): Promise<void> {
    const stored = await this.read(scope, fileId);
    if (!stored) throw new DomainError('FILE_NOT_FOUND', `No stored vectors for file_id "${fileId}"`);
    patchRows(stored, fileId, rows, vectors);
    await this.write(scope, fileId, stored.dimension, stored.vectors);
  }

  async delete(scope: IndexScope, fileId: string): Promise<void> {
    await rm(this.path(scope, fileId), { force: true });
  }

  async deleteSubTenant(scope: IndexScope): Promise<void> {
    await rm(this.scopeDir(scope), { recursive: true, force: true });
  }

  private scopeDir(scope: IndexScope): string {
    return join(this.dir, safeName(scope.tenantId), safeName(scope.subTenantId));
  }

  private path(scope: IndexScope, fileId: string): string {
    return join(this.scopeDir(scope), safeName(fileId));
  }
}
