export * from './extraction/document-format';
export * from './extraction/extraction-error';
export * from './extraction/extract-document';
export * from './extraction/extraction-pool';
