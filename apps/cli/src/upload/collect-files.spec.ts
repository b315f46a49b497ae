import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { UsageError } from '../exit-codes';
import { collectFiles, contentTypeOf, fileIdFor } from './collect-files';

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

describe('fileIdFor', () => {
  it('writes the relative path with : for /', () => {
    assert.equal(fileIdFor('intro.md'), 'intro.md');
    assert.equal(fileIdFor(join('guide', 'setup', 'intro.md')), 'guide:setup:intro.md');
  });

  it('hashes paths an id cannot spell, keeping them valid, stable and distinct', () => {
    const spaced = fileIdFor('my notes/été.md');
    assert.match(spaced, ID_PATTERN);
    assert.match(spaced, /^my_notes:_t_\.md-[0-9a-f]{12}$/);
    assert.equal(fileIdFor('my notes/été.md'), spaced);
    assert.notEqual(fileIdFor('my notes/ete.md'), spaced);
    // A colon in a name would read as a folder: hashed too.
    assert.notEqual(fileIdFor('a:b.txt'), fileIdFor('a/b.txt'));
    const long = fileIdFor(`${'deep/'.repeat(40)}file.txt`);
    assert.match(long, ID_PATTERN);
  });
});

describe('collectFiles', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'trove-cli-collect-'));
    mkdirSync(join(root, 'docs', 'sub'), { recursive: true });
    mkdirSync(join(root, 'docs', '.git'), { recursive: true });
    writeFileSync(join(root, 'docs', 'b.md'), 'b');
    writeFileSync(join(root, 'docs', 'a.txt'), 'a');
    writeFileSync(join(root, 'docs', 'sub', 'c.html'), 'c');
    writeFileSync(join(root, 'docs', '.env'), 'secret');
    writeFileSync(join(root, 'docs', '.git', 'HEAD'), 'ref');
    writeFileSync(join(root, 'single.txt'), 's');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('walks folders in name order, skipping dotfiles and dot-folders, ids relative to the folder', async () => {
    const items = await collectFiles([join(root, 'docs'), join(root, 'single.txt')]);
    assert.deepEqual(
      items.map((i) => i.fileId),
      ['a.txt', 'b.md', 'sub:c.html', 'single.txt'],
    );
    assert.equal(items[2]!.path, join(root, 'docs', 'sub', 'c.html'));
  });

  it('gives --id to a single file, and refuses it for several', async () => {
    assert.equal((await collectFiles([join(root, 'single.txt')], 'mine'))[0]!.fileId, 'mine');
    await assert.rejects(collectFiles([join(root, 'docs')], 'mine'), UsageError);
  });

  it('refuses a missing path, an empty selection and two files with one id', async () => {
    await assert.rejects(collectFiles([join(root, 'nope')]), /no such file or folder/);
    mkdirSync(join(root, 'empty', '.only-hidden'), { recursive: true });
    await assert.rejects(collectFiles([join(root, 'empty')]), /nothing to upload/);
    await assert.rejects(collectFiles([join(root, 'single.txt'), join(root, 'single.txt')]), /same file_id/);
  });

  it('types parts by extension', () => {
    assert.equal(contentTypeOf('x/A.MD'), 'text/markdown');
    assert.equal(contentTypeOf('page.htm'), 'text/html');
    assert.equal(contentTypeOf('blob.bin'), 'application/octet-stream');
  });
});
