/** DI token: the base URL (`https://host[:port]`) of download links; undefined means the request's host. */
export const DOWNLOADS_BASE_URL = Symbol('DownloadsBaseUrl');

/** How the gateway signs the download links it serves itself (embedded blob store). */
export interface DownloadsOptions {
  /** At least 32 bytes; see resolveDownloadSigningKey. */
  signingKey: Buffer;
  /** PUBLIC_BASE_URL: how clients reach this server; unset, links use the host each request named. */
  publicBaseUrl?: string;
}
