import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONSOLE_FILES, consoleFilePath } from './console.controller';

describe('the console files', () => {
  it('are all where the compiled controller looks for them (src/console/web, and cytoscape in its package)', () => {
    for (const name of CONSOLE_FILES)
      assert.ok(existsSync(consoleFilePath(name)!), `${name}: ${consoleFilePath(name)}`);
  });

  it('are named nowhere but in the list: no path leaves it', () => {
    for (const name of ['../package.json', '..', 'web/index.html', 'constructor', 'hasOwnProperty', '']) {
      assert.equal(consoleFilePath(name), undefined, name);
    }
  });

  it('load every module the page imports, and nothing inline', () => {
    const html = readFileSync(consoleFilePath('index.html')!, 'utf8');
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'an inline script');
    assert.doesNotMatch(html, /\sstyle=|<style/, 'an inline style');
    for (const name of CONSOLE_FILES.filter((n) => n.endsWith('.js'))) {
      const source = readFileSync(consoleFilePath(name)!, 'utf8');
      for (const [, imported] of source.matchAll(/from '\.\/([\w.-]+)'/g)) {
        assert.ok(CONSOLE_FILES.includes(imported!), `${name} imports ${imported}, which is not served`);
      }
    }
  });
});
