/**
 * Binary data inside a message: base64 when small, otherwise the reference of a PayloadStash
 * entry (libs/platform/transport), so a message never exceeds the transport's size limit.
 * Vectors travel this way as float32 values, never as JSON arrays of numbers.
 */
export type PackedBytes = { inline: string } | { stashed: string };
