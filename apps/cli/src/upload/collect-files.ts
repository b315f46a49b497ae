import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { UsageError } from '../exit-codes';

/** One file to upload. */
export interface UploadItem {
  /** As given or found (for messages). */
  path: string;
  /** The path inside the folder given (a file given itself: its name); the file_id comes from it. */
  relative: string;
  fileId: string;
}

const ID_CHARS = /^[A-Za-z0-9._-]+$/;
const MAX_ID = 128;

/**
 * The file_id of a file from its relative path, the same on every run so that uploading a folder
 * again replaces its documents instead of adding copies: the path with `/` written `:`
 * (`guide/intro.md` → `guide:intro.md`). A path with other characters than letters, digits,
 * `.`, `_` and `-`, or too long for an id (128), keeps a cleaned prefix and gains a hash of
 * the whole path (`my notes/été.md` → `my_notes:_t_.md-3f2a…`), so that ids stay distinct.
 */
export function fileIdFor(relativePath: string): string {
  const parts = relativePath.split(sep).join('/').split('/');
  const plain = parts.join(':');
  if (parts.every((part) => ID_CHARS.test(part)) && plain.length <= MAX_ID) return plain;
  const hash = createHash('sha256').update(parts.join('/')).digest('hex').slice(0, 12);
  const cleaned = plain.replace(/[^A-Za-z0-9._:-]/g, '_');
  return `${cleaned.slice(0, MAX_ID - hash.length - 1)}-${hash}`;
}

/**
 * The files under `paths`: a file as it is, a folder recursively, in name order, skipping names
 * that start with a dot (.git, .env, .DS_Store) and not following symbolic links to folders.
 * With `id`, the one file found gets that file_id.
 */
export async function collectFiles(paths: string[], id?: string): Promise<UploadItem[]> {
  const items: UploadItem[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new UsageError(`no such file or folder: ${path}`);
    if (info.isDirectory()) {
      for (const file of await walk(path)) {
        const inside = relative(path, file);
        items.push({ path: file, relative: inside, fileId: fileIdFor(inside) });
      }
    } else if (info.isFile()) {
      items.push({ path, relative: basename(path), fileId: fileIdFor(basename(path)) });
    } else {
      throw new UsageError(`not a file or folder: ${path}`);
    }
  }
  if (items.length === 0) throw new UsageError(`nothing to upload in ${paths.join(', ')}`);
  if (id !== undefined) {
    if (items.length !== 1)
      throw new UsageError(`--id names one file's id, and ${items.length} files were given`);
    items[0]!.fileId = id;
  }
  const seen = new Map<string, string>();
  for (const item of items) {
    const other = seen.get(item.fileId);
    if (other !== undefined) {
      throw new UsageError(
        `${other} and ${item.path} would have the same file_id ${item.fileId}; upload them apart`,
      );
    }
    seen.set(item.fileId, item.path);
  }
  return items;
}

async function walk(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(path)));
    else if (entry.isFile()) files.push(path);
    else if (entry.isSymbolicLink() && (await stat(path).catch(() => undefined))?.isFile()) files.push(path);
  }
  return files;
}

const CONTENT_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xhtml': 'application/xhtml+xml',
  '.csv': 'text/csv',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The part's content type by extension; the server reads the bytes and the name too. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}
