export * from './inference/infer-statements';
