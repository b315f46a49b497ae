/**
 * DI token: the base URL (`https://host[:port]`) of download links. Never the request's Host
 * header (anyone can send one, and the link would point at their server); undefined gives links
 * relative to the service.
 */
export const DOWNLOADS_BASE_URL = Symbol('DownloadsBaseUrl');

/** How the gateway signs the download links it serves itself (embedded blob store). */
export interface DownloadsOptions {
  /** At least 32 bytes; see resolveDownloadSigningKey. */
  signingKey: Buffer;
  /** How clients reach this server: PUBLIC_BASE_URL, or else listenBaseUrl(HOST, PORT). */
  publicBaseUrl?: string;
}

/**
 * The base URL of the address the server listens on, for download links when PUBLIC_BASE_URL is
 * unset: a wildcard host (0.0.0.0, ::) becomes the loopback address, which reaches the server from
 * its own machine only; behind a proxy or in a cluster, set PUBLIC_BASE_URL.
 */
export function listenBaseUrl(host: string, port: number): string {
  const wildcard = host === '' || host === '0.0.0.0' || host === '::';
  const name = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
