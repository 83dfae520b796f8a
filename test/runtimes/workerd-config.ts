import { writeFileSync } from 'node:fs';

/** One Worker as `workerd serve` runs it: what the config file names. */
export interface ServedWorker {
  /** The service's name; the Worker's own is `<service>Worker`. */
  service: string;
  port: number;
  /** The Worker's ES module, a file beside the config. */
  module: string;
  compatibilityDate: string;
  compatibilityFlags?: string[];
  /** The Worker's vars, as text bindings. */
  textBindings?: Record<string, string>;
}

/**
 * Writes the workerd config (Cap'n Proto text) that serves one Worker on 127.0.0.1:`port`, its outbound fetch going to
 * loopback ("local"), where the service and every other listener of the suites are.
 */
export function writeWorkerdConfig(file: string, worker: ServedWorker): void {
  const { service, port, module, compatibilityDate, compatibilityFlags, textBindings } = worker;
  const flags = compatibilityFlags?.map((flag) => JSON.stringify(flag));
  const bindings =
    textBindings && Object.entries(textBindings).map(([name, text]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(text)})`);
  const workerFields = [
    `modules = [(name = "worker", esModule = embed ${JSON.stringify(module)})]`,
    `compatibilityDate = ${JSON.stringify(compatibilityDate)}`,
    ...(flags ? [`compatibilityFlags = [${flags.join(', ')}]`] : []),
    ...(bindings ? [`bindings = [${bindings.join(', ')}]`] : []),
    'globalOutbound = "loopback"',
  ];
  writeFileSync(
    file,
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = ${JSON.stringify(service)}, worker = .${service}Worker),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = ${JSON.stringify(service)})],
);

const ${service}Worker :Workerd.Worker = (
${workerFields.map((field) => `  ${field},\n`).join('')});
`,
  );
}
