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

/**
 * SHA-256, hex, unsalted. Keys Trove generates carry ~238 random bits, so no dictionary or
 * rainbow table covers them and a salt would add nothing; an unsalted digest is also what lets a
 * key be found by its hash in one indexed lookup. A slow password hash (bcrypt, scrypt) guards
 * low-entropy secrets that people choose: that is why a weak ADMIN_API_KEY is refused in
 * production (weakAdminKey) rather than hashed harder.
 */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** The part of a key that may be shown again later (`sk_live_` + 4 characters). */
export function displayPrefix(apiKey: string): string {
  return apiKey.slice(0, API_KEY_PREFIX.length + 4);
}

/** The fewest characters, and distinct characters, a configured ADMIN_API_KEY must have. */
export const ADMIN_KEY_MIN_LENGTH = 32;
export const ADMIN_KEY_MIN_DISTINCT = 16;

/** Why a configured ADMIN_API_KEY is too easy to guess, or null when it is not. */
export function weakAdminKey(key: string): string | null {
  if (key.length < ADMIN_KEY_MIN_LENGTH) return `it is shorter than ${ADMIN_KEY_MIN_LENGTH} characters`;
  if (new Set(key).size < ADMIN_KEY_MIN_DISTINCT) {
    return `it has fewer than ${ADMIN_KEY_MIN_DISTINCT} distinct characters`;
  }
  return null;
}
