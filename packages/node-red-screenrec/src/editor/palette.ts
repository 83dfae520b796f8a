import { CONNECTION_TYPE } from '../connection/node';
import { scriptJson } from './markup';

/** How the package's flow nodes look in the palette, and what they share in the editor. */
export const CATEGORY = 'ScreenRec';
export const COLOR = '#F3B567';
export const ICON = 'screenrec.svg';

/** The rows every flow node's form starts with: its name and its connection. */
export const COMMON_ROWS = [
  '<div class="form-row"><label for="node-input-name"><i class="fa fa-tag"></i> Name</label><input type="text" id="node-input-name"></div>',
  '<div class="form-row"><label for="node-input-connection">Connection</label><input type="text" id="node-input-connection"></div>',
];

export const COMMON_DEFAULTS = { name: { value: '' }, connection: { value: '', type: CONNECTION_TYPE, required: true } };

export interface FlowNodeSpec {
  type: string;
  defaults: Record<string, { value: unknown; required?: boolean; type?: string }>;
  /** Properties that must be positive numbers (checked by Node-RED's number validator). */
  numbers?: readonly string[];
  /** Properties typed as JSON (blank for none): the editor flags one that does not parse. */
  json?: readonly string[];
  inputs: 0 | 1;
  paletteLabel: string;
  /** The node's label when it has no name: a JavaScript expression over `this`. */
  label: string;
  /** Statements run before the registration (the variables `label` or `editPrepare` read). */
  prelude?: string;
  /** The body of oneditprepare, if any. */
  editPrepare?: string;
}

/** The script that registers a flow node in the editor. */
export function flowNodeRegistration(spec: FlowNodeSpec): string {
  const numbers = [
    ...(spec.numbers ?? []).map((name) => `  defaults[${scriptJson(name)}].validate = RED.validators.number();`),
    ...(spec.json ?? []).map((name) => `  defaults[${scriptJson(name)}].validate = isJsonOrBlank;`),
  ].join('\n');
  const jsonCheck =
    spec.json === undefined || spec.json.length === 0
      ? ''
      : `\n  var isJsonOrBlank = function (value) {\n    if (typeof value !== 'string' || value.trim() === '') return true;\n    try { JSON.parse(value); return true; } catch (error) { return false; }\n  };`;
  const editPrepare = spec.editPrepare === undefined ? '' : `\n    oneditprepare: function () {\n${spec.editPrepare}\n    },`;
  return `(function () {
${spec.prelude ?? ''}
  var defaults = ${scriptJson(spec.defaults)};${jsonCheck}
${numbers}
  RED.nodes.registerType(${scriptJson(spec.type)}, {
    category: ${scriptJson(CATEGORY)},
    color: ${scriptJson(COLOR)},
    defaults: defaults,
    inputs: ${spec.inputs},
    outputs: 1,
    icon: ${scriptJson(ICON)},
    paletteLabel: ${scriptJson(spec.paletteLabel)},
    label: function () { return this.name || ${spec.label}; },
    labelStyle: function () { return this.name ? 'node_label_italic' : ''; },${editPrepare}
  });
})();`;
}
