export {
  buildServer,
  startServer,
  type DemoWorkspace,
  type InProcessServer,
  type ListenAddress,
  type ListeningServer,
  type ServerOptions,
} from './server';
export { parseOptions, USAGE } from './options';
