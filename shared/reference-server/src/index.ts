export { startServer, JSON_BODY_LIMIT, type DemoWorkspace, type RunningServer, type ServerOptions } from './server';
export { parseOptions, USAGE } from './options';
