import { PayloadStash, STASH_REF } from '../stash/payload-stash';

/**
 * NATS refuses a message over the server's max_payload (1 MiB by default), and a request or reply
 * of Trove can be larger: a memory of a million characters in another script, a search answering
 * 1,001 chunks, a memory retrieval returning long memories. Such a payload travels as a claim check
 * instead: its JSON goes into the PayloadStash (the JetStream object store) and the message
 * carries only the reference, which the other side takes back before anyone else sees it.
 * Payloads up to this size go inline; the rest of the 1 MiB is room for Nest's packet and headers.
 */
export const MAX_INLINE_PAYLOAD_BYTES = 768 * 1024;

const CLAIM_KEY = 'trove.stashed';

/** The message body that stands for a stashed payload. */
export interface ClaimCheck {
  [CLAIM_KEY]: string;
}

function isClaimCheck(value: unknown): value is ClaimCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const ref = (value as Record<string, unknown>)[CLAIM_KEY];
  return keys.length === 1 && typeof ref === 'string' && STASH_REF.test(ref);
}

/** The payload itself when small enough, else its claim check (the JSON is put in the stash). */
export async function checkIn(
  stash: PayloadStash,
  payload: unknown,
  maxInlineBytes = MAX_INLINE_PAYLOAD_BYTES,
): Promise<unknown> {
  if (payload === undefined || payload === null || typeof payload !== 'object') return payload;
  const json = JSON.stringify(payload);
  // A UTF-16 unit is at most 3 UTF-8 bytes: most payloads are decided without measuring.
  if (json.length * 3 <= maxInlineBytes) return payload;
  const bytes = Buffer.from(json, 'utf8');
  if (bytes.byteLength <= maxInlineBytes) return payload;
  return { [CLAIM_KEY]: await stash.put(bytes) } satisfies ClaimCheck;
}

/** Drops the stashed payload of a claim check nobody will redeem (a request that failed). */
export async function discardClaim(stash: PayloadStash, message: unknown): Promise<void> {
  if (isClaimCheck(message)) await stash.discard(message[CLAIM_KEY]).catch(() => undefined);
}

/** The payload a message carries: a claim check is redeemed (once), anything else is itself. */
export async function checkOut(stash: PayloadStash, message: unknown): Promise<unknown> {
  if (!isClaimCheck(message)) return message;
  const bytes = await stash.take(message[CLAIM_KEY]);
  return JSON.parse(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
  ) as unknown;
}
