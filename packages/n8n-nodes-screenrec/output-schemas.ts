// What each operation and trigger of the nodes outputs per item: the catalogue's output, with what n8n adds of its
// own. build.mjs writes them as JSON Schema where n8n's editor asks for them, so the next node can map these fields
// before anything has run. n8n serves GET /schemas/<package>.<node>/<version as x.y.z>/<resource>/<operation>.json
// from `__schema__/v<x.y.z>/<resource>/<operation>.json` beside the node's file (a trigger: `__schema__/v<x.y.z>.json`).
import { OPERATIONS, Recording, type OperationName } from 'screenrec/portable';
import * as z from 'zod/v4';
import { NODE_OPERATIONS } from './nodes/ScreenRec/actions/node-operations';

const text = z.string();
/** Why an optional part (the recording's details, the download) is missing; the item still goes out. */
const reason = z.string();

/** What n8n's own way of an operation adds to the catalogue's item: the downloaded video's key, why a download failed. */
const N8N_ADDS: Partial<Record<OperationName, z.ZodRawShape>> = {
	// linkConfirmed false (and detailsError) when ScreenRec could not be asked and the notification's own link went on.
	waitForVideo: {
		recordingId: Recording.shape.id,
		videoKey: text,
		linkConfirmed: z.boolean(),
		detailsError: reason.optional(),
		downloadError: reason.optional(),
	},
};

/** One item of each operation of the ScreenRec node, by resource and operation. */
export const OPERATION_OUTPUTS: Record<string, Record<string, z.ZodObject>> = Object.fromEntries(
	Object.entries(NODE_OPERATIONS).map(([resource, operations]) => [
		resource,
		Object.fromEntries(
			Object.entries(operations).map(([value, { operation }]) => [value, OPERATIONS[operation].output.extend(N8N_ADDS[operation] ?? {})]),
		),
	]),
);

/** One item of each trigger node, by node name. */
export const TRIGGER_OUTPUTS = {
	// The recording's fields come only with "Include Recording"; the notification's own fields always.
	screenRecTrigger: Recording.partial().extend({
		...OPERATIONS.videoReady.output.shape,
		videoKey: text,
		receivedAt: text,
		detailsError: reason.nullable(),
		downloadError: reason.optional(),
	}),
	screenRecNewRecordingTrigger: OPERATIONS.newRecording.output,
} as const;

/** The node folders and versions the schemas go with (each node's description.version, written x.y.z). */
export const NODE_FOLDERS = {
	screenRec: 'ScreenRec',
	screenRecTrigger: 'ScreenRecTrigger',
	screenRecNewRecordingTrigger: 'ScreenRecNewRecordingTrigger',
} as const;
export const SCHEMA_VERSION = 'v1.0.0';

/** The JSON Schema of one item as n8n's editor reads it (JSON Schema draft 7, the output side of each zod schema). */
export function jsonSchemaOf(schema: z.ZodType): object {
	return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
}

/** Every schema file, by its path under dist/. */
export function outputSchemaFiles(): Record<string, object> {
	const files: Record<string, object> = {};
	const folder = (node: keyof typeof NODE_FOLDERS) => `nodes/${NODE_FOLDERS[node]}/__schema__`;
	for (const [resource, operations] of Object.entries(OPERATION_OUTPUTS)) {
		for (const [operation, schema] of Object.entries(operations))
			files[`${folder('screenRec')}/${SCHEMA_VERSION}/${resource}/${operation}.json`] = jsonSchemaOf(schema);
	}
	for (const [node, schema] of Object.entries(TRIGGER_OUTPUTS))
		files[`${folder(node as keyof typeof TRIGGER_OUTPUTS)}/${SCHEMA_VERSION}.json`] = jsonSchemaOf(schema);
	return files;
}
