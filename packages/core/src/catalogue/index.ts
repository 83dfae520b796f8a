/**
 * The catalogue: each recording field, each input and each operation, declared once. Every platform's surface
 * (Zapier steps, n8n parameters and output schemas, MCP tools, Node-RED's editor), the samples, the docs tables
 * and the tests' recordings are derived from it. Beside the declarations, the words and rules every platform applies
 * to what a user reads and types, which the package's entries export themselves: labels.ts (values and recordings in
 * a person's words), dates.ts (dates in the user's time zone), recording-input.ts (tags as typed, the update rule).
 */
export { PLATFORMS, PLATFORM_NAMES, type Platform } from './platforms.js';
export {
  RECORDING_FIELDS,
  RECORDING_FIELD_KEYS,
  exampleRecording,
  type RecordingField,
  type RecordingFieldKey,
} from './recording-fields.js';
export {
  INPUT_FIELDS,
  NEW_TEXT_INPUT_NAMES,
  inputKey,
  newTextInputName,
  textFieldNoun,
  type InputField,
  type InputName,
  type NewTextInputName,
} from './inputs.js';
export { inputKind, schemaKind, type InputKind } from './input-kind.js';
export {
  OPERATIONS,
  OPERATION_NAMES,
  operationByKey,
  type CatalogueOperation,
  type InputValues,
  type OperationClients,
  type OperationEffects,
  type OperationName,
  type Performed,
} from './operations.js';
