export * from './llm-error';
export * from './chat-client';
export * from './rerank-client';
export * from './endpoint-settings';
