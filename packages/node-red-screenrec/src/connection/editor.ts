import { CONNECTION_FIELDS, INTEGRATION_AUTO, INTEGRATION_CHOICES, SECRET_FIELDS, type ConnectionFieldName } from './fields';
import { CONNECTION_TYPE, TEST_ROUTE } from './node';
import { escape, helpEntry, helpList, nodeHtml, prose, scriptJson } from '../editor/markup';

const PLAIN_FIELDS = (Object.keys(CONNECTION_FIELDS) as ConnectionFieldName[]).filter(
  (name) => !(SECRET_FIELDS as readonly string[]).includes(name),
);
const FORM_ORDER: readonly ConnectionFieldName[] = ['serviceUrl', 'workspaceId', 'apiKey', 'backendToken', 'integration', 'publicUrl'];

function row(name: ConnectionFieldName): string {
  const field = CONNECTION_FIELDS[name];
  const id = `node-config-input-${name}`;
  const label = `<label for="${id}">${escape(field.label)}</label>`;
  if (name === 'integration') {
    const options = INTEGRATION_CHOICES.map((choice) => `<option value="${choice.value}">${escape(choice.label)}</option>`).join('');
    return `<div class="form-row">${label}<select id="${id}" style="width:70%">${options}</select></div>`;
  }
  const placeholder = 'placeholder' in field ? ` placeholder="${escape(field.placeholder)}"` : '';
  const type = field.secret ? 'password' : 'text';
  return `<div class="form-row">${label}<input type="${type}" id="${id}"${placeholder} style="width:70%"></div>`;
}

const form = [
  '<div class="form-row"><label for="node-config-input-name">Name</label><input type="text" id="node-config-input-name"></div>',
  ...FORM_ORDER.map(row),
  '<div class="form-row"><label></label><button type="button" class="red-ui-button" id="screenrec-connection-test">Test connection</button></div>',
  '<div class="form-row"><ul id="screenrec-connection-test-result" style="list-style:none;margin:0"></ul></div>',
].join('\n');

const defaults = {
  name: { value: '' },
  ...Object.fromEntries(
    PLAIN_FIELDS.map((name) => [
      name,
      name === 'serviceUrl' ? { value: '', required: true } : { value: name === 'integration' ? INTEGRATION_AUTO : '' },
    ]),
  ),
};
const credentials = Object.fromEntries(SECRET_FIELDS.map((name) => [name, { type: 'password' }]));
const fieldNames = FORM_ORDER;

const registration = `RED.nodes.registerType(${scriptJson(CONNECTION_TYPE)}, {
  category: 'config',
  defaults: ${scriptJson(defaults)},
  credentials: ${scriptJson(credentials)},
  label: function () { return this.name || this.serviceUrl || 'ScreenRec'; },
  oneditprepare: function () {
    var node = this;
    var fields = ${scriptJson(fieldNames)};
    $('#screenrec-connection-test').on('click', function () {
      var body = { id: node.id };
      fields.forEach(function (name) { body[name] = $('#node-config-input-' + name).val(); });
      var list = $('#screenrec-connection-test-result').empty().append($('<li>').text('Testing…'));
      $.ajax({ url: ${scriptJson(TEST_ROUTE.slice(1))}, type: 'POST', contentType: 'application/json', data: JSON.stringify(body) })
        .done(function (answer) {
          list.empty();
          (answer.results || []).forEach(function (result) {
            list.append($('<li>').css('color', result.ok ? 'green' : '#c00').text((result.ok ? '✓ ' : '✗ ') + result.message));
          });
        })
        .fail(function (xhr) { list.empty().append($('<li>').css('color', '#c00').text('The test could not run (HTTP ' + xhr.status + ').')); });
    });
  },
});`;

const help = [
  '<p>A connection to ScreenRec, used by the ScreenRec nodes. The Backend Token and API Key are kept as Node-RED credentials: never in the flow file or an export.</p>',
  '<h3>Properties</h3>',
  helpList(
    FORM_ORDER.map((name) =>
      helpEntry(CONNECTION_FIELDS[name].label, CONNECTION_FIELDS[name].secret ? 'password' : 'string', CONNECTION_FIELDS[name].help),
    ),
  ),
  '<h3>Details</h3>',
  `<p>${prose('ScreenRec has two interfaces. The REST API (Workspace ID and API Key) serves every operation but Create Recording Link. The automation hook (Backend Token) serves Create Recording Link and the Video Ready node; the hook knows only its n8n and Zapier integrations, so the token is that of one of them.')}</p>`,
  `<p>${prose('Test connection checks what the dialog holds: the Backend Token with a PING (which creates nothing), and the Workspace ID with the API Key with one list call. A stored secret is tested only against the Service URL it was saved with; after changing the Service URL, type the secrets again.')}</p>`,
].join('\n');

export const connectionHtml = nodeHtml(CONNECTION_TYPE, registration, form, help);
