/**
 * Files this process creates are readable by its own user only: 600 for files, 700 for folders
 * (the embedded database, indexes, blobs, models, stash). Every app calls it first thing, before
 * anything is written; data written by an earlier version keeps its modes.
 */
export function restrictNewFiles(): void {
  process.umask(0o077);
}
