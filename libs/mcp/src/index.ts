export * from './server';
export * from './results';
export { DEFAULT_LIMITS, type McpLimits } from './tool-context';
export { MAX_SEARCH_CHUNKS } from './tools/search.tool';
