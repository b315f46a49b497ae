export * from './download-links';
export * from './downloads.options';
