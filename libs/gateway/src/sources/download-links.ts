import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DomainError } from '@trove/contracts';

/** What a signed link gives access to: one source's content, nothing else. */
export interface DownloadTarget {
  tenant_id: string;
  sub_tenant_id: string;
  source_id: string;
}

/** The query of a signed link: the target, when it expires (Unix seconds), and the HMAC. */
export interface SignedDownload extends DownloadTarget {
  expires: number;
  signature: string;
}

/** The path the gateway serves signed links on; it needs no bearer key (the signature is the key). */
export const DOWNLOAD_PATH = 'fetch/download';

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Download links the gateway signs itself when the blob store cannot presign (the embedded one):
 * an HMAC-SHA256, under a key only the gateway holds, over the tenant, sub-tenant, source and
 * expiry. Anyone holding the link may download until it expires; changing any part of it, or
 * signing with another key, makes it invalid.
 */
export class DownloadLinks {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    if (key.length < 32) throw new Error('A download signing key needs at least 32 bytes');
  }

  sign(target: DownloadTarget, expirySeconds: number): SignedDownload {
    const expires = Math.floor(this.now() / 1000) + expirySeconds;
    return { ...target, expires, signature: this.mac(target, expires) };
  }

  /** The link's query string, relative to `baseUrl` (`http://host:port`). */
  url(baseUrl: string, signed: SignedDownload): string {
    const query = new URLSearchParams({
      tenant_id: signed.tenant_id,
      sub_tenant_id: signed.sub_tenant_id,
      source_id: signed.source_id,
      expires: String(signed.expires),
      signature: signed.signature,
    });
    return `${baseUrl.replace(/\/+$/, '')}/${DOWNLOAD_PATH}?${query.toString()}`;
  }

  /** The target of a genuine, unexpired link; 403 FORBIDDEN otherwise (docs/api.md, Sources: refused after expiry). */
  verify(link: SignedDownload): DownloadTarget {
    const given = SIGNATURE.test(link.signature) ? Buffer.from(link.signature, 'base64url') : Buffer.alloc(0);
    const expected = Buffer.from(this.mac(link, link.expires), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new DomainError(
        'FORBIDDEN',
        'This download link is not valid (altered, or signed with another key)',
      );
    }
    if (Math.floor(this.now() / 1000) >= link.expires) {
      const at = new Date(link.expires * 1000).toISOString();
      throw new DomainError('FORBIDDEN', `This download link expired at ${at}; fetch a new one`);
    }
    return { tenant_id: link.tenant_id, sub_tenant_id: link.sub_tenant_id, source_id: link.source_id };
  }

  private mac(target: DownloadTarget, expires: number): string {
    // Ids cannot contain a newline (ID_PATTERN), so the fields cannot be shifted into each other.
    const message = ['trove-download-v1', target.tenant_id, target.sub_tenant_id, target.source_id, expires];
    return createHmac('sha256', this.key).update(message.join('\n')).digest('base64url');
  }
}

export type SigningKeySource = 'config' | 'data-dir' | 'ephemeral';

/**
 * The key that signs download links: DOWNLOAD_SIGNING_KEY when set; otherwise one generated on
 * first start and kept in the data directory (standalone: links survive restarts); otherwise
 * (a gateway with no data directory) a key of this process only, so links die with it.
 */
export function resolveDownloadSigningKey(options: { configured?: string; dataDir?: string }): {
  key: Buffer;
  source: SigningKeySource;
} {
  if (options.configured !== undefined && options.configured !== '') {
    return { key: Buffer.from(options.configured, 'utf8'), source: 'config' };
  }
  if (options.dataDir === undefined) return { key: randomBytes(32), source: 'ephemeral' };
  const file = join(options.dataDir, 'gateway', 'download-signing.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error: unknown) {
      // Another process of the same data directory wrote it first: use theirs.
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length < 32)
    throw new Error(`${file} does not hold a 32-byte hex key; delete it to make a new one`);
  return { key, source: 'data-dir' };
}
