import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BlobStore, StoredBlob } from '../../ports/blob-store';

/**
 * BlobStore on the local filesystem (the embedded default): each object is a file holding its
 * bytes and a sibling holding its content type, written to a temporary name and renamed, so a
 * crash never leaves half an object. Segments are escaped, so `.` and `..` are names, not paths.
 */
export class FsBlobStore extends BlobStore {
  constructor(private readonly root: string) {
    super();
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    await writeFile(`${temp}.type`, contentType);
    await writeFile(temp, bytes);
    await rename(`${temp}.type`, `${path}.type`);
    await rename(temp, `${path}.blob`);
  }

  async get(key: string): Promise<StoredBlob | undefined> {
    const path = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([readFile(`${path}.blob`), readFile(`${path}.type`, 'utf8')]);
      return { bytes, content_type: contentType };
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(`${path}.blob`, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const segments = prefix.split('/').filter(Boolean);
    if (segments.length === 0) throw new Error('Refusing to delete every blob: the prefix is empty');
    const dir = join(this.root, ...segments.map(escapeSegment));
    const count = await countBlobs(dir);
    await rm(dir, { recursive: true, force: true });
    return count;
  }

  presignGet(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await stat(this.root);
  }

  private pathOf(key: string): string {
    const segments = key.split('/');
    if (segments.some((s) => s === '')) throw new Error(`Not a blob key: '${key}'`);
    return join(this.root, ...segments.map(escapeSegment));
  }
}

/** Percent-encodes what a path may not hold, and the dots of `.` and `..`. */
function escapeSegment(segment: string): string {
  const encoded = encodeURIComponent(segment);
  return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

async function countBlobs(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error: unknown) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  return entries.filter((e) => e.isFile() && e.name.endsWith('.blob')).length;
}
