import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DomainError } from '@trove/contracts';
import { DownloadLinks, resolveDownloadSigningKey, SignedDownload } from './download-links';
import { listenBaseUrl } from './downloads.options';

const target = { tenant_id: 'acme', sub_tenant_id: 'team-1', source_id: 'report.pdf' };

function refused(action: () => unknown, message: RegExp): void {
  assert.throws(action, (error: unknown) => {
    assert.ok(error instanceof DomainError);
    assert.equal(error.code, 'FORBIDDEN');
    assert.match(error.message, message);
    return true;
  });
}

describe('DownloadLinks', () => {
  let clock = 1_700_000_000_000;
  const links = new DownloadLinks(Buffer.alloc(32, 7), () => clock);

  it('accepts its own link until it expires, then refuses it as expired', () => {
    const signed = links.sign(target, 60);
    assert.equal(signed.expires, 1_700_000_060);
    assert.deepEqual(links.verify(signed), target);
    clock += 59_999;
    assert.deepEqual(links.verify(signed), target);
    clock += 1;
    refused(() => links.verify(signed), /expired at 2023-11-14T22:14:20.000Z/);
  });

  it('refuses a link with any part altered, or signed with another key', () => {
    clock = 1_700_000_000_000;
    const signed = links.sign(target, 3600);
    const altered: SignedDownload[] = [
      { ...signed, tenant_id: 'other' },
      { ...signed, sub_tenant_id: 'acme' },
      { ...signed, source_id: 'secret.pdf' },
      { ...signed, expires: signed.expires + 3600 },
      { ...signed, signature: signed.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...signed, signature: signed.signature.slice(1) },
      { ...signed, signature: '' },
      { ...signed, signature: '!'.repeat(43) },
      new DownloadLinks(Buffer.alloc(32, 8), () => clock).sign(target, 3600),
    ];
    for (const link of altered) refused(() => links.verify(link), /not valid/);
  });

  it('builds a URL whose query carries the whole link', () => {
    const signed = links.sign(target, 600);
    const url = new URL(links.url('http://127.0.0.1:8080/', signed));
    assert.equal(url.pathname, '/fetch/download');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      ...target,
      expires: String(signed.expires),
      signature: signed.signature,
    });
  });

  it('refuses keys shorter than 32 bytes', () => {
    assert.throws(() => new DownloadLinks(Buffer.alloc(16)), /32 bytes/);
  });
});

describe('resolveDownloadSigningKey', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-signing-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the configured key first', () => {
    const configured = 'k'.repeat(40);
    assert.deepEqual(resolveDownloadSigningKey({ configured, dataDir }), {
      key: Buffer.from(configured),
      source: 'config',
    });
  });

  it('generates a key per data directory once, private to its owner, and keeps it', () => {
    const first = resolveDownloadSigningKey({ dataDir });
    assert.equal(first.source, 'data-dir');
    assert.equal(first.key.length, 32);
    assert.deepEqual(resolveDownloadSigningKey({ dataDir }).key, first.key);
    assert.equal(statSync(join(dataDir, 'gateway', 'download-signing.key')).mode & 0o077, 0);
    const other = mkdtempSync(join(tmpdir(), 'trove-signing-'));
    try {
      assert.notDeepEqual(resolveDownloadSigningKey({ dataDir: other }).key, first.key);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses a damaged key file instead of signing with a weak key', () => {
    writeFileSync(join(dataDir, 'gateway', 'download-signing.key'), 'abcd\n');
    assert.throws(() => resolveDownloadSigningKey({ dataDir }), /does not hold a 32-byte hex key/);
  });

  it('makes a key of this process only when there is neither config nor data directory', () => {
    const a = resolveDownloadSigningKey({});
    const b = resolveDownloadSigningKey({});
    assert.equal(a.source, 'ephemeral');
    assert.notDeepEqual(a.key, b.key);
  });
});

describe('listenBaseUrl (download links without PUBLIC_BASE_URL)', () => {
  it('names the listen address, the loopback for a wildcard host, brackets for IPv6', () => {
    assert.equal(listenBaseUrl('127.0.0.1', 8080), 'http://127.0.0.1:8080');
    assert.equal(listenBaseUrl('0.0.0.0', 8080), 'http://127.0.0.1:8080');
    assert.equal(listenBaseUrl('::', 3000), 'http://127.0.0.1:3000');
    assert.equal(listenBaseUrl('::1', 3000), 'http://[::1]:3000');
    assert.equal(listenBaseUrl('trove.internal', 80), 'http://trove.internal:80');
  });
});
