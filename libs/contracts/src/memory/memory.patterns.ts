/** Message patterns answered by the memory service. */
export const MemoryPatterns = {
  add: 'memory.item.add',
  retrieve: 'memory.item.retrieve',
  delete: 'memory.item.delete',
} as const;
