import { FIELDS, type FieldName, type FieldSpec } from '../fields';
import { ACTION_TYPE, DEFAULT_TIMEOUT_SECONDS } from '../nodes/action-node';
import { DEFAULT_OPERATION, OPERATIONS, OPERATION_NAMES, fieldsOf, type OperationSpec } from '../operations';
import { MESSAGE_PROPERTY } from '../values';
import { escape, helpEntry, helpList, nodeHtml, prose, scriptJson } from './markup';
import { COMMON_DEFAULTS, COMMON_ROWS, flowNodeRegistration } from './palette';

const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];
const TYPE_IN_HELP: Record<FieldSpec['kind'], string> = {
  text: 'string',
  list: 'string | array',
  choice: 'string',
  choices: 'array | string',
  number: 'number',
  boolean: 'boolean',
};

function input(name: FieldName): string {
  const field: FieldSpec = FIELDS[name];
  const id = `node-input-${name}`;
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

/** Which operations show each field, for the form's rows. */
const usedBy = Object.fromEntries(
  FIELD_NAMES.map((name) => [name, OPERATION_NAMES.filter((operation) => fieldsOf(operation).includes(name))]),
);

const form = [
  ...COMMON_ROWS,
  `<div class="form-row"><label for="node-input-operation">Operation</label><select id="node-input-operation" style="width:70%">${OPERATION_NAMES.map(
    (operation) => `<option value="${operation}">${escape(OPERATIONS[operation].label)}</option>`,
  ).join('')}</select></div>`,
  ...FIELD_NAMES.map(
    (name) =>
      `<div class="form-row screenrec-field" data-field="${name}"><label for="node-input-${name}">${escape(FIELDS[name].label)}</label>${input(name)}</div>`,
  ),
  `<div class="form-row"><label for="node-input-timeout">Timeout (s)</label><input type="number" min="1" id="node-input-timeout" style="width:100px"></div>`,
].join('\n');

const defaults = {
  ...COMMON_DEFAULTS,
  operation: { value: DEFAULT_OPERATION },
  ...Object.fromEntries(FIELD_NAMES.map((name) => [name, { value: FIELDS[name].initial }])),
  timeout: { value: DEFAULT_TIMEOUT_SECONDS, required: true },
};

const registration = flowNodeRegistration({
  type: ACTION_TYPE,
  defaults,
  numbers: ['timeout'],
  inputs: 1,
  paletteLabel: 'ScreenRec',
  label: "labels[this.operation] || 'ScreenRec'",
  prelude: `  var usedBy = ${scriptJson(usedBy)};
  var labels = ${scriptJson(Object.fromEntries(OPERATION_NAMES.map((operation) => [operation, OPERATIONS[operation].label])))};`,
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

const operationHelp = OPERATION_NAMES.map((operation) => {
  const spec: OperationSpec = OPERATIONS[operation];
  const fields = fieldsOf(operation).map((name) =>
    helpEntry(`${MESSAGE_PROPERTY}.${name}`, TYPE_IN_HELP[FIELDS[name].kind], `${FIELDS[name].label}: ${spec.fields[name] ?? ''}`, true),
  );
  return [
    `<h4>${escape(spec.label)} (<code>${operation}</code>)</h4>`,
    `<p>${prose(spec.description)}</p>`,
    fields.length > 0 ? helpList(fields) : '',
    `<p>Output <code>msg.payload</code>: ${prose(spec.output)}</p>`,
  ].join('\n');
});

const help = [
  '<p>Calls ScreenRec: creates a recording link, requests a recording by e-mail, gets, finds, updates or deletes recordings, gets a video link, or searches tags.</p>',
  '<h3>Inputs</h3>',
  helpList([
    helpEntry(
      'operation',
      'string',
      `Overrides the node's Operation: one of ${OPERATION_NAMES.map((name) => `\`${name}\``).join(', ')}.`,
      true,
    ),
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
  ...operationHelp,
  '<h3>Errors</h3>',
  "<p>A failure (a missing field, a rejected key, an unknown recording, a time-out) stops the message: the node's status shows the error's code and a Catch node receives the message with <code>msg.error.message</code> saying what went wrong and what to do.</p>",
].join('\n');

export const actionHtml = nodeHtml(ACTION_TYPE, registration, form, help);
