import App from '../../packages/zapier/src/index';
import packageJson from '../../packages/zapier/package.json';
import { sortedRecord, type InputContract, type ZapierContract, type ZapierOperationContract } from './surface';

interface ZapierField {
  key: string;
  type?: string;
  required?: boolean;
  list?: boolean;
  choices?: unknown;
}

interface ZapierOperation {
  display: { label: string; hidden?: boolean };
  operation: { inputFields?: unknown[]; outputFields?: unknown[] };
}

const KINDS = ['triggers', 'creates', 'searches'] as const;

/** A field as a Zap stores it: Zapier's default type is string; a dynamic dropdown still stores a string. */
function fieldContract(field: ZapierField): InputContract {
  const contract: InputContract = { type: field.type ?? 'string', required: field.required === true };
  if (field.list === true) contract.list = true;
  const values = choiceValues(field.choices);
  if (values !== undefined) contract.values = values;
  return contract;
}

function choiceValues(choices: unknown): string[] | undefined {
  if (Array.isArray(choices)) return choices.map((choice) => String((choice as { value?: unknown }).value ?? choice)).sort();
  if (choices !== null && typeof choices === 'object') return Object.keys(choices).sort();
  return undefined;
}

/** Only static fields carry a promise; a function computing fields at run time would need its own guard. */
function staticFields(fields: unknown[] | undefined): ZapierField[] {
  return (fields ?? []).filter((field): field is ZapierField => typeof field === 'object' && field !== null && 'key' in field);
}

function operationContract(definition: ZapierOperation): ZapierOperationContract {
  return {
    label: definition.display.label,
    hidden: definition.display.hidden === true,
    inputFields: sortedRecord(staticFields(definition.operation.inputFields).map((field) => [field.key, fieldContract(field)])),
    outputFields: staticFields(definition.operation.outputFields)
      .map((field) => field.key)
      .sort(),
  };
}

/** The Zapier app's promise: its connection fields and every trigger, create and search with their fields. */
export function zapierSurface(): ZapierContract {
  const app = App as unknown as Record<(typeof KINDS)[number], Record<string, ZapierOperation>> & {
    authentication: { fields: ZapierField[] };
  };
  const operations = KINDS.flatMap((kind) =>
    Object.entries(app[kind]).map(([key, definition]): [string, ZapierOperationContract] => [
      `${kind}.${key}`,
      operationContract(definition),
    ]),
  );
  return {
    version: packageJson.version,
    authFields: sortedRecord(app.authentication.fields.map((field) => [field.key, fieldContract(field)])),
    operations: sortedRecord(operations),
  };
}
