import type * as HuggingFaceTokenizers from '@huggingface/tokenizers' with { 'resolution-mode': 'import' };

/**
 * @huggingface/tokenizers ships a CommonJS build, but its package.json says `"type": "module"`
 * and its types are resolved as ESM, so TypeScript (module node16, CommonJS output) refuses a
 * static import. The types come in type-only; the code is loaded with require, which reaches
 * `dist/tokenizers.cjs` through the package's `exports.node.require`.
 */
const tokenizers = require('@huggingface/tokenizers') as typeof HuggingFaceTokenizers;

export const Tokenizer = tokenizers.Tokenizer;
export type Tokenizer = HuggingFaceTokenizers.Tokenizer;
