import { createHash, randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const API_KEY_PREFIX = 'sk_live_';

/** Uniformly random base62 text from the system CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: dropping bytes at or above it keeps every character equally likely.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new secret key: `sk_live_` + 40 base62 characters (~238 bits). */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(40);
}

export function generateApiKeyId(): string {
  return `key_${randomBase62(16)}`;
}

/** SHA-256, hex: keys are long random secrets, so a fast unsalted hash is enough to look them up by. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** The part of a key that may be shown again later (`sk_live_` + 4 characters). */
export function displayPrefix(apiKey: string): string {
  return apiKey.slice(0, API_KEY_PREFIX.length + 4);
}
