// What each operation and trigger of the nodes outputs per item, as zod schemas made of core's: build.mjs writes them
// as JSON Schema where n8n's editor asks for them, so the next node can map these fields before anything has run.
// n8n serves GET /schemas/<package>.<node>/<version as x.y.z>/<resource>/<operation>.json from
// `__schema__/v<x.y.z>/<resource>/<operation>.json` beside the node's file (a trigger: `__schema__/v<x.y.z>.json`).
import { PresignResponse, Recording, RecordingAnswer, TagSearchResponse, VideoReadyNotification } from '@screenrec/core/portable';
import { z } from 'zod/v4';

const text = z.string();
/** Why an optional part (the recording's details, the download) is missing; the item still goes out. */
const reason = z.string();
const videoFields = {
	recordingId: Recording.shape.id,
	videoUrl: PresignResponse.shape.url,
	videoKey: text,
};

/** One item of each operation of the ScreenRec node, by resource and operation. */
export const OPERATION_OUTPUTS = {
	recording: {
		create: z.object({
			recordingId: Recording.shape.id.nullable(),
			status: Recording.shape.status.nullable(),
			detailsError: reason.nullable(),
			url: RecordingAnswer.shape.url,
			externalReference: text,
			tags: Recording.shape.tags,
		}),
		delete: Recording.extend({ deleted: z.literal(true) }),
		get: Recording,
		getAll: Recording,
		getVideoUrl: z.object({ recordingId: Recording.shape.id, videoUrl: PresignResponse.shape.url }),
		request: Recording,
		update: Recording,
		waitForVideo: Recording.extend({ ...videoFields, downloadError: reason.optional() }),
	},
	tag: { search: z.object({ tag: TagSearchResponse.shape.result.element }) },
} as const;

/** One item of each trigger node, by node name. */
export const TRIGGER_OUTPUTS = {
	// The recording's fields come only with "Include Recording"; the notification's own fields always.
	screenRecTrigger: Recording.partial().extend({
		videoUrl: VideoReadyNotification.shape.result,
		videoKey: text,
		recordingId: Recording.shape.id.nullable(),
		receivedAt: text,
		detailsError: reason.nullable(),
		downloadError: reason.optional(),
	}),
	screenRecNewRecordingTrigger: Recording,
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
