export * from './validation';
export * from './content-type.guard';
export * from './errors/error-body';
export * from './errors/error-status';
export * from './errors/http-error.filter';
export * from './uploads/multipart-uploads';
export * from './raw-json/raw-json-routes';
export * from './untrusted-input';
