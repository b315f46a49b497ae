export * from './extraction/document-format';
export * from './extraction/extraction-error';
export * from './extraction/extract-document';
export * from './extraction/extraction-pool';
export * from './fetch/address-guard';
export * from './fetch/web-fetcher';
