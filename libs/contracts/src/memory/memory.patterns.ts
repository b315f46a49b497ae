/** Message patterns answered by the memory service. */
export const MemoryPatterns = {
  add: 'memory.item.add',
  retrieve: 'memory.item.retrieve',
  delete: 'memory.item.delete',
  /** Memories inferred from a conversation; only the inferred ones are stored (GenerateMemoryResult). */
  generate: 'memory.item.generate',
  /** Processing status of a memory (ProcessingStatusReply): memories are indexed when added. */
  status: 'memory.item.status',
} as const;
