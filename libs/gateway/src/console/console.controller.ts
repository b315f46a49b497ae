import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The page may load only what this server serves: its own scripts (ES modules, no inline script),
 * its own stylesheet, and calls to its own origin. Cytoscape styles its canvas through the CSSOM,
 * which `style-src 'self'` allows; inline `style` attributes and `<style>` elements stay refused.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The console's files, read from `src/console/web` of this library: plain HTML, CSS and ES
 * modules that no compiler touches, so they are where a clean clone (and the image, which keeps
 * sources) has them; the compiled controller finds them from `dist/console`.
 */
const WEB_DIR = join(__dirname, '..', '..', 'src', 'console', 'web');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
};

/** Every file the console route serves, by URL name: nothing outside this list is ever read. */
const FILES: Readonly<Record<string, () => string>> = {
  'index.html': () => join(WEB_DIR, 'index.html'),
  'console.css': () => join(WEB_DIR, 'console.css'),
  'favicon.svg': () => join(WEB_DIR, 'favicon.svg'),
  'api.js': () => join(WEB_DIR, 'api.js'),
  'dom.js': () => join(WEB_DIR, 'dom.js'),
  'main.js': () => join(WEB_DIR, 'main.js'),
  'search.js': () => join(WEB_DIR, 'search.js'),
  'sources.js': () => join(WEB_DIR, 'sources.js'),
  'upload.js': () => join(WEB_DIR, 'upload.js'),
  'memories.js': () => join(WEB_DIR, 'memories.js'),
  'graph.js': () => join(WEB_DIR, 'graph.js'),
  // Resolved through the package, wherever npm put it (cytoscape's `require` entry is in dist/).
  'cytoscape.esm.min.mjs': () => join(dirname(require.resolve('cytoscape')), 'cytoscape.esm.min.mjs'),
};

/** The URL names of the console's files. */
export const CONSOLE_FILES: readonly string[] = Object.keys(FILES);

/** Where the file served as `/console/<name>` is read from; undefined for any name not listed. */
export function consoleFilePath(name: string): string | undefined {
  return Object.hasOwn(FILES, name) ? FILES[name]!() : undefined;
}

/**
 * `/console`: the web console (docs/console.md). The page and its files are public, like /docs:
 * they hold no data; every call the page makes carries the key the user types, and is checked
 * like any other. Not part of the OpenAPI document.
 */
@ApiExcludeController()
@Controller('console')
export class ConsoleController {
  private readonly cache = new Map<string, Buffer>();

  @Get()
  async page(@Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, 'index.html');
  }

  @Get(':file')
  async asset(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    await this.send(reply, file);
  }

  private async send(reply: FastifyReply, name: string): Promise<void> {
    const body = this.read(name);
    await reply
      .header('content-type', TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream')
      .header('content-security-policy', CONSOLE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-cache')
      .send(body);
  }

  private read(name: string): Buffer {
    const cached = this.cache.get(name);
    if (cached) return cached;
    const path = consoleFilePath(name);
    if (!path) throw new NotFoundException(`No console file ${name}`);
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch {
      throw new NotFoundException(`Console file ${name} is missing from this installation`);
    }
    this.cache.set(name, body);
    return body;
  }
}
