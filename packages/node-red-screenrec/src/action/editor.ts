import { fieldSpec, type FieldName, type FieldSpec } from '../fields';
import { CONNECTION_FIELDS } from '../connection/fields';
import { ACTION_TYPE, DEFAULT_TIMEOUT_SECONDS } from './node';
import { ACTIONS, ACTION_KEYS, DEFAULT_OPERATION, type ActionOperation } from './operations';
import { ALIASES, MESSAGE_PROPERTY } from '../values';
import { OPERATIONS as OPERATIONS_BY_NAME } from 'screenrec';
import { escape, helpEntry, helpList, nodeHtml, prose, scriptJson } from '../editor/markup';
import { COMMON_DEFAULTS, COMMON_ROWS, flowNodeRegistration } from '../editor/palette';

const OPERATIONS = [...ACTIONS.values()];
/** The form's fields: one row per property, whichever operations share it, as the first operation using it has it. */
const FIELDS = new Map<string, FieldSpec>();
for (const name of OPERATIONS.flatMap(({ fields }) => fields)) {
  const field = fieldSpec(name);
  if (!FIELDS.has(field.property)) FIELDS.set(field.property, field);
}
const TYPE_IN_HELP: Record<FieldSpec['kind'], string> = {
  text: 'string',
  list: 'string | array',
  choice: 'string',
  choices: 'array | string',
  number: 'number',
  boolean: 'boolean',
  json: 'object',
};
/** How a list is typed in the form or given in a message, in Node-RED's idiom. */
const LIST_IDIOM = 'Comma-separated in the form; a list or a comma-separated text in a message.';

function input(field: FieldSpec): string {
  const id = `node-input-${field.property}`;
  const placeholder = field.placeholder === undefined ? '' : ` placeholder="${escape(field.placeholder)}"`;
  switch (field.kind) {
    case 'choice':
    case 'choices': {
      const options = (field.choices ?? [])
        .map((choice) => `<option value="${escape(choice.value)}">${escape(choice.label)}</option>`)
        .join('');
      const multiple = field.kind === 'choices' ? ' multiple size="5"' : '';
      return `<select id="${id}"${multiple} style="width:70%">${options}</select>`;
    }
    case 'boolean':
      return `<input type="checkbox" id="${id}" style="width:auto;vertical-align:top">`;
    case 'number':
      return `<input type="number" min="1" id="${id}" style="width:100px">`;
    default:
      return `<input type="text" id="${id}"${placeholder} style="width:70%">`;
  }
}

/** Which operations show each property, for the form's rows. */
const usedBy = Object.fromEntries(
  [...FIELDS.keys()].map((property) => [
    property,
    OPERATIONS.filter(({ fields }) => fields.some((name) => fieldSpec(name).property === property)).map(({ key }) => key),
  ]),
);

/** The properties typed as JSON in the form: the editor flags one that does not parse. */
const JSON_PROPERTIES = [...FIELDS].filter(([, field]) => field.kind === 'json').map(([property]) => property);

const form = [
  ...COMMON_ROWS,
  `<div class="form-row"><label for="node-input-operation">Operation</label><select id="node-input-operation" style="width:70%">${OPERATIONS.map(
    ({ key, catalogue }) => `<option value="${key}">${escape(catalogue.name)}</option>`,
  ).join('')}</select></div>`,
  ...[...FIELDS].map(
    ([property, field]) =>
      `<div class="form-row screenrec-field" data-field="${property}"><label for="node-input-${property}">${escape(field.label)}</label>${input(field)}</div>`,
  ),
  `<div class="form-row"><label for="node-input-timeout">Timeout (s)</label><input type="number" min="1" id="node-input-timeout" style="width:100px"></div>`,
].join('\n');

const defaults = {
  ...COMMON_DEFAULTS,
  operation: { value: DEFAULT_OPERATION },
  ...Object.fromEntries([...FIELDS].map(([property, field]) => [property, { value: field.initial }])),
  timeout: { value: DEFAULT_TIMEOUT_SECONDS, required: true },
};

const registration = flowNodeRegistration({
  type: ACTION_TYPE,
  defaults,
  numbers: ['timeout'],
  json: JSON_PROPERTIES,
  inputs: 1,
  paletteLabel: 'ScreenRec',
  label: "labels[this.operation] || 'ScreenRec'",
  prelude: `  var usedBy = ${scriptJson(usedBy)};
  var labels = ${scriptJson(Object.fromEntries(OPERATIONS.map(({ key, catalogue }) => [key, catalogue.name])))};`,
  editPrepare: `      var show = function () {
        var operation = $('#node-input-operation').val();
        $('.screenrec-field').each(function () {
          var row = $(this);
          row.toggle((usedBy[row.data('field')] || []).indexOf(operation) !== -1);
        });
      };
      $('#node-input-operation').on('change', show);
      show();`,
});

/** What an operation needs of the connection, by the interface it calls. */
const NEEDS = {
  rest: `${CONNECTION_FIELDS.workspaceId.label} and ${CONNECTION_FIELDS.apiKey.label}`,
  hook: `${CONNECTION_FIELDS.backendToken.label} (with its ${CONNECTION_FIELDS.workspaceId.label} and ${CONNECTION_FIELDS.apiKey.label} too, the new recording's ID is looked up)`,
  both: `${CONNECTION_FIELDS.backendToken.label}, ${CONNECTION_FIELDS.workspaceId.label} and ${CONNECTION_FIELDS.apiKey.label}`,
};

/** By operation name: what it needs that its interface alone does not say, and what it outputs besides msg.payload. */
const OWN_HELP: Readonly<Record<string, { needs: string; outputs: string }>> = {
  [OPERATIONS_BY_NAME.anyRequest.name]: {
    needs: `${CONNECTION_FIELDS.workspaceId.label} and ${CONNECTION_FIELDS.apiKey.label} for a path in the workspace's REST API, or its ${CONNECTION_FIELDS.backendToken.label} for the automation hook`,
    outputs:
      "Also `msg.statusCode` (the answer's status) and `msg.headers` (its headers, lower-case names), as the HTTP Request node gives them. An answer other than 2xx stops the message with the error the other operations give for that status (a Catch node receives it), the answer still on `msg.payload`, `msg.statusCode` and `msg.headers`. A path the connection's secret may not go to (another address, a look-alike host, `..` or an encoded slash, another workspace), or a header that would set a secret, stops the message before anything is sent.",
  },
};

function fieldHelp(name: FieldName): string {
  const { property, kind, label, help } = fieldSpec(name);
  const alias = ALIASES[property];
  const idioms = [
    kind === 'list' ? LIST_IDIOM : '',
    alias === undefined ? '' : `\`msg.${MESSAGE_PROPERTY}.${alias}\` works too (a recording as this node outputs it).`,
  ];
  return helpEntry(`${MESSAGE_PROPERTY}.${property}`, TYPE_IN_HELP[kind], [`${label}: ${help}`, ...idioms].filter(Boolean).join(' '), true);
}

function operationHelp({ key, catalogue, fields, many }: ActionOperation): string {
  const output = `${many ? 'An array, ' : ''}${catalogue.returns}.`;
  const own = OWN_HELP[catalogue.name];
  return [
    `<h4>${escape(catalogue.name)} (<code>${key}</code>)</h4>`,
    `<p>${prose(`${catalogue.summary} Needs the connection's ${own?.needs ?? NEEDS[catalogue.uses]}.`)}</p>`,
    fields.length > 0 ? helpList(fields.map(fieldHelp)) : '',
    `<p>Output <code>msg.payload</code>: ${prose(output)}</p>`,
    own === undefined ? '' : `<p>${prose(own.outputs)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
}

const help = [
  `<p>${prose(`Calls ScreenRec, one operation for each message: ${OPERATIONS.map(({ catalogue }) => catalogue.name).join(', ')}.`)}</p>`,
  '<h3>Inputs</h3>',
  helpList([
    helpEntry('operation', 'string', `Overrides the node's Operation: one of ${ACTION_KEYS.map((key) => `\`${key}\``).join(', ')}.`, true),
    helpEntry(
      MESSAGE_PROPERTY,
      'object',
      'When an object, each of its properties named like a field below overrides that field of the node (for example `msg.payload.recordingId`). A malformed value stops the message with an error naming the property; nothing is sent to ScreenRec.',
      true,
    ),
  ]),
  '<h3>Outputs</h3>',
  helpList([
    helpEntry('payload', 'object | array', "The operation's result, described with each operation below. The rest of the message is kept."),
    helpEntry('statusCode', 'number', "Any Request only: the answer's HTTP status.", true),
    helpEntry('headers', 'object', "Any Request only: the answer's headers.", true),
  ]),
  '<h3>Properties</h3>',
  helpList([
    helpEntry('Connection', 'screenrec-connection', 'The ScreenRec connection to use.'),
    helpEntry('Operation', 'string', 'What to do with each message.'),
    helpEntry(
      'Timeout (s)',
      'number',
      `How long one message may take in all, retries included (default ${DEFAULT_TIMEOUT_SECONDS} s); then it fails with a DEADLINE error.`,
    ),
  ]),
  '<h3>Operations</h3>',
  ...OPERATIONS.map(operationHelp),
  '<h3>Errors</h3>',
  "<p>A failure (a missing field, a rejected key, an unknown recording, a time-out) stops the message: the node's status shows the error's code and a Catch node receives the message with <code>msg.error.message</code> saying what went wrong and what to do.</p>",
  '<h3>Redeploys and restarts</h3>',
  `<p>${prose("An operation under way when the node is redeployed (a full deploy, the editor's default, or one that changes the node or its connection) is not cut short, since a recording may be being created: its message goes on, or its error reaches the Catch node, from the node's new instance. When the node is deleted or disabled meanwhile, its outcome is logged as an error naming the recording. When Node-RED stops, each operation still under way is logged as an error (whether ScreenRec carried it out is not known) and cancelled.")}</p>`,
].join('\n');

export const actionHtml = nodeHtml(ACTION_TYPE, registration, form, help);
