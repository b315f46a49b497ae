import { DomainError, PackedBytes } from '@trove/contracts';

/**
 * A claim check for payloads too large to travel in a message (NATS refuses messages over its
 * max_payload, 1 MiB by default). The sender puts the bytes here and sends the reference; the
 * receiver takes the bytes back, which also deletes them. Whatever nobody takes is dropped after
 * the stash's TTL, so a crashed receiver leaves nothing behind for long.
 *
 * Adapters: `InMemoryPayloadStash` (standalone: one process, bytes stay in memory) and
 * `NatsPayloadStash` (distributed: a JetStream object store shared by every process of the
 * deployment). TransportModule provides the one that matches the transport; inject `PayloadStash`.
 *
 * ```ts
 * const ref = await stash.put(bytes);                       // sender
 * await transport.send(Pattern, { vectors: ref, … });
 * const bytes = await stash.take(request.vectors);          // receiver, exactly once
 * ```
 */
export abstract class PayloadStash {
  /** Keeps `bytes` until taken (or until the TTL passes) and returns their reference. */
  abstract put(bytes: Uint8Array): Promise<string>;

  /**
   * The bytes put under `ref`, removed from the stash. A reference that is unknown, already
   * taken or expired rejects with DomainError SERVICE_UNAVAILABLE (the sender should try again).
   */
  abstract take(ref: string): Promise<Uint8Array>;

  /** Drops the bytes of `ref` without reading them (a request that failed before they were taken). */
  abstract discard(ref: string): Promise<void>;

  /** Releases connections and timers; later calls reject. */
  abstract close(): Promise<void>;
}

/** References are opaque to callers; adapters make them from a random UUID. */
export const STASH_REF = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function stashMiss(ref: string): DomainError {
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    `The stashed payload ${JSON.stringify(ref)} is gone (expired or already taken); send the request again`,
  );
}

/** Default time an untaken payload is kept. */
export const DEFAULT_STASH_TTL_MS = 10 * 60_000;

/** Inline up to this many bytes: base64 grows them by a third, well under NATS's 1 MiB. */
export const INLINE_MAX_BYTES = 256 * 1024;

/**
 * Bytes for a message: inline (base64) when small, through the stash otherwise, so small payloads
 * cost no extra round trip and large ones never exceed the message size limit.
 */
export async function packBytes(
  stash: PayloadStash,
  bytes: Uint8Array,
  inlineMaxBytes = INLINE_MAX_BYTES,
): Promise<PackedBytes> {
  if (bytes.byteLength <= inlineMaxBytes) {
    return { inline: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
  }
  return { stashed: await stash.put(bytes) };
}

/** The bytes of a PackedBytes; a stashed one is taken (so it can be unpacked once). */
export async function unpackBytes(stash: PayloadStash, packed: PackedBytes): Promise<Uint8Array> {
  if (typeof packed === 'object' && packed !== null) {
    if ('inline' in packed && typeof packed.inline === 'string') return Buffer.from(packed.inline, 'base64');
    if ('stashed' in packed && typeof packed.stashed === 'string') return stash.take(packed.stashed);
  }
  throw new DomainError('INVALID_PARAMETERS', 'packed bytes must be {inline: base64} or {stashed: ref}');
}

/** Drops a packed payload nobody will unpack (harmless for inline ones). */
export async function discardPacked(stash: PayloadStash, packed: PackedBytes): Promise<void> {
  if ('stashed' in packed) await stash.discard(packed.stashed);
}

/** The bytes of float32 values, in the host's order (little-endian on every platform Node supports here). */
export function float32Bytes(values: Float32Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** Float32 values over bytes made by float32Bytes; copies when the bytes are not 4-aligned. */
export function bytesAsFloat32(bytes: Uint8Array): Float32Array {
  if (bytes.byteLength % 4 !== 0) {
    throw new DomainError(
      'INVALID_PARAMETERS',
      `${bytes.byteLength} bytes are not a whole number of float32 values`,
    );
  }
  if (bytes.byteOffset % 4 === 0)
    return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
