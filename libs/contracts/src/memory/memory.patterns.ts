/** Message patterns answered by the memory service. */
export const MemoryPatterns = {
  add: 'memory.item.add',
  retrieve: 'memory.item.retrieve',
  delete: 'memory.item.delete',
  /** Processing status of a memory (ProcessingStatusReply): memories are indexed when added. */
  status: 'memory.item.status',
} as const;
