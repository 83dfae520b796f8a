import type { ICredentialType, INodeProperties, INodeType } from 'n8n-workflow';
import packageJson from '../../packages/n8n-nodes-screenrec/package.json';
import { ScreenRecApi } from '../../packages/n8n-nodes-screenrec/credentials/ScreenRecApi.credentials';
import { ScreenRec } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRec/ScreenRec.node.js';
import { ScreenRecNewRecordingTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecNewRecordingTrigger/ScreenRecNewRecordingTrigger.node.js';
import { ScreenRecTrigger } from '../../packages/n8n-nodes-screenrec/nodes/ScreenRecTrigger/ScreenRecTrigger.node.js';
import { sortedRecord, type InputContract, type N8nContract, type N8nNodeContract } from './surface';

const NODES: INodeType[] = [new ScreenRec(), new ScreenRecTrigger(), new ScreenRecNewRecordingTrigger()];
const CREDENTIALS: ICredentialType[] = [new ScreenRecApi()];

/** Parameters a saved workflow cannot hold a value for. */
const NO_VALUE = new Set(['notice', 'callout', 'button']);

type VersionCondition = number | { _cnd?: Record<string, number> };

/** Whether a parameter shows at a node version, by its `@version` display conditions. */
function showsAt(parameter: INodeProperties, version: number): boolean {
  const show = parameter.displayOptions?.show?.['@version'] as VersionCondition[] | undefined;
  const hide = parameter.displayOptions?.hide?.['@version'] as VersionCondition[] | undefined;
  if (hide !== undefined && hide.some((condition) => meets(version, condition))) return false;
  return show === undefined || show.some((condition) => meets(version, condition));
}

function meets(version: number, condition: VersionCondition): boolean {
  if (typeof condition === 'number') return version === condition;
  const [operator, bound] = Object.entries(condition._cnd ?? {})[0] ?? [];
  if (bound === undefined) return false;
  switch (operator) {
    case 'eq':
      return version === bound;
    case 'gte':
      return version >= bound;
    case 'gt':
      return version > bound;
    case 'lte':
      return version <= bound;
    case 'lt':
      return version < bound;
    default:
      return false;
  }
}

/**
 * "tags (resource=recording; operation=create)": n8n stores parameters by name, but one name can mean different
 * things under different operations, so the conditions it shows under are part of what a workflow relies on.
 */
function scopedName(parameter: INodeProperties, parent: string): string {
  const show = Object.entries(parameter.displayOptions?.show ?? {})
    .filter(([key]) => key !== '@version')
    .map(([key, values]) => `${key}=${(values ?? []).map(String).sort().join('|')}`)
    .sort();
  const name = parent === '' ? parameter.name : `${parent}.${parameter.name}`;
  return show.length === 0 ? name : `${name} (${show.join('; ')})`;
}

function parameterContract(parameter: INodeProperties): InputContract {
  const contract: InputContract = { type: parameter.type, required: parameter.required === true };
  if (parameter.type === 'options' || parameter.type === 'multiOptions') {
    contract.values = (parameter.options ?? []).map((option) => String((option as { value?: unknown }).value)).sort();
  }
  if (parameter.type === 'resourceLocator') contract.modes = (parameter.modes ?? []).map((mode) => mode.name).sort();
  return contract;
}

/** Every parameter with a stored value, collections' and fixed collections' children under their parent's name. */
function parameterEntries(parameters: readonly INodeProperties[], parent = ''): [string, InputContract][] {
  return parameters.flatMap((parameter): [string, InputContract][] => {
    if (NO_VALUE.has(parameter.type)) return [];
    const name = scopedName(parameter, parent);
    const children = (parameter.options ?? []).flatMap((option) => {
      if ('values' in option && Array.isArray(option.values)) return parameterEntries(option.values, `${name}.${option.name}`);
      if ('type' in option && 'name' in option) return parameterEntries([option as INodeProperties], name);
      return [];
    });
    if (parameter.type === 'collection' || parameter.type === 'fixedCollection')
      return [[name, { type: parameter.type, required: parameter.required === true }], ...children];
    return [[name, parameterContract(parameter)]];
  });
}

/**
 * The `$fromAI` key n8n's editor writes when a builder lets the model fill a field (its "✨" button): the field's
 * display name, other characters than letters, digits and `-` as `_`, at most 63 characters (n8n's editor,
 * fromAIOverride utils: buildUniqueName and sanitizeFromAiParameterName; only a list's rows would add a prefix).
 */
export const editorFromAiKey = (displayName: string) => displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);

/** Types the editor never offers the button for, and those that hold no value of their own. */
const NO_FROM_AI = new Set(['options', 'credentialsSelect', 'collection', 'fixedCollection', ...NO_VALUE]);

/** Whether a parameter shows for this resource and operation (a condition on another parameter is left aside). */
const showsFor = (parameter: INodeProperties, resource: string, operation: string) =>
  (parameter.displayOptions?.show?.resource ?? [resource]).includes(resource) &&
  (parameter.displayOptions?.show?.operation ?? [operation]).includes(operation) &&
  parameter.displayOptions?.show?.['@tool'] === undefined;

/** The editor's keys for every field of one operation the button is offered for, collections' fields included. */
function fromAiKeys(parameters: readonly INodeProperties[]): string[] {
  return parameters.flatMap((parameter): string[] => {
    if (parameter.type === 'collection') return fromAiKeys((parameter.options ?? []) as INodeProperties[]);
    return NO_FROM_AI.has(parameter.type) || parameter.noDataExpression === true ? [] : [editorFromAiKey(parameter.displayName)];
  });
}

/** By operation (`recording.create`), the argument names the editor gives a tool node's fields at this version. */
export function fromAiNames(properties: readonly INodeProperties[]): Record<string, string[]> {
  const values = (parameter: INodeProperties | undefined) =>
    (parameter?.options ?? []).map((option) => String((option as { value?: unknown }).value));
  const resources = values(properties.find((parameter) => parameter.name === 'resource'));
  return sortedRecord(
    resources.flatMap((resource) =>
      values(properties.find((parameter) => parameter.name === 'operation' && showsFor(parameter, resource, ''))).map(
        (operation): [string, string[]] => [
          `${resource}.${operation}`,
          fromAiKeys(properties.filter((parameter) => showsFor(parameter, resource, operation))).sort(),
        ],
      ),
    ),
  );
}

function nodeContract(node: INodeType): N8nNodeContract {
  const { description } = node;
  const versions = Array.isArray(description.version) ? description.version : [description.version];
  const shownAt = (version: number) => description.properties.filter((parameter) => showsAt(parameter, version));
  return {
    displayName: description.displayName,
    versions: sortedRecord(versions.map((version) => [String(version), sortedRecord(parameterEntries(shownAt(version)))])),
    ...(description.usableAsTool === undefined
      ? {}
      : { fromAi: sortedRecord(versions.map((version) => [String(version), fromAiNames(shownAt(version))])) }),
  };
}

/** The n8n package's promise: each node's versions and parameters, and the credential's fields. */
export function n8nSurface(): N8nContract {
  return {
    version: packageJson.version,
    credentials: sortedRecord(CREDENTIALS.map((credential) => [credential.name, sortedRecord(parameterEntries(credential.properties))])),
    nodes: sortedRecord(NODES.map((node) => [node.description.name, nodeContract(node)])),
  };
}
