export * from './analyzer';
export * from './chunker';
export { countTokens } from './token-counter';
export { splitSentences } from './sentence-splitter';
