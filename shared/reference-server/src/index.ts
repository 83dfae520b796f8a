export * from './server';
export { parseOptions, USAGE } from './options';
