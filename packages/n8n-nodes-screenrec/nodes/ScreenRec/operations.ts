import { NodeOperationError, type IBinaryKeyData, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import {
	HOOK_CREDENTIAL,
	REST_CREDENTIAL,
	downloadVideo,
	hookClientFor,
	isoDateOf,
	listOf,
	restClientFor,
	textOf,
	toJsonObject,
	type ListRecordingsRequest,
	type Recording,
	type ScreenRecCredentialType,
} from '../../lib';

export interface OperationResult {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

export interface Operation {
	/** The credential the operation's client uses: the node asks n8n for it, and error hints name it. */
	credential: ScreenRecCredentialType;
	run(context: IExecuteFunctions, itemIndex: number): Promise<OperationResult[]>;
}

const recordingItem = (recording: Recording): OperationResult => ({ json: toJsonObject(recording) });

function parameter(context: IExecuteFunctions, name: string, itemIndex: number): unknown {
	return context.getNodeParameter(name, itemIndex, undefined);
}

function collection(context: IExecuteFunctions, name: string, itemIndex: number): IDataObject {
	return context.getNodeParameter(name, itemIndex, {}) as IDataObject;
}

/** Leaves out what the user left empty, so core sends only what was given. */
function defined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

const recordingId = (context: IExecuteFunctions, itemIndex: number): string =>
	String(parameter(context, 'recordingId', itemIndex) ?? '').trim();

export const OPERATIONS: Record<string, Operation> = {
	'recording.create': {
		credential: HOOK_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await hookClientFor(context);
			const externalReference = String(parameter(context, 'externalReference', itemIndex) ?? '');
			const tags = listOf(parameter(context, 'tags', itemIndex));
			const { url } = await client.createRecording(defined({ externalReference, tags }));
			return [{ json: defined({ url, externalReference: externalReference.trim(), tags }) }];
		},
	},

	'recording.request': {
		credential: REST_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await restClientFor(context);
			const additional = collection(context, 'additionalFields', itemIndex);
			const notifications = listOf(additional.notificationEmails)?.map((value) => ({ type: 'EMAIL' as const, value }));
			const recording = await client.createRecording(
				defined({
					direction: String(parameter(context, 'direction', itemIndex)) as 'REQUEST' | 'RESPONSE',
					email: textOf(parameter(context, 'email', itemIndex)),
					tags: listOf(additional.tags),
					notifications,
					comment: textOf(additional.comment),
				}),
			);
			return [recordingItem(recording)];
		},
	},

	'recording.getAll': {
		credential: REST_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await restClientFor(context);
			const returnAll = parameter(context, 'returnAll', itemIndex) === true;
			const filters = collection(context, 'filters', itemIndex);
			const filter: Omit<ListRecordingsRequest, 'first' | 'pageSize'> = defined({
				ids: listOf(filters.ids),
				userId: textOf(filters.userId),
				statuses: listOf(filters.statuses) as ListRecordingsRequest['statuses'],
				directions: listOf(filters.directions) as ListRecordingsRequest['directions'],
				tags: listOf(filters.tags),
				createdDateFrom: isoDateOf(filters.createdDateFrom),
				createdDateTo: isoDateOf(filters.createdDateTo),
				sortOrder: textOf(filters.sortOrder) as ListRecordingsRequest['sortOrder'],
			});
			const recordings = await client.collectRecordings(
				filter,
				defined({
					limit: returnAll ? undefined : Number(parameter(context, 'limit', itemIndex)),
					externalReference: textOf(filters.externalReference),
				}),
			);
			return recordings.map(recordingItem);
		},
	},

	'recording.getVideoUrl': {
		credential: REST_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await restClientFor(context);
			const id = recordingId(context, itemIndex);
			const videoUrl = await client.getVideoUrl(id);
			const result: OperationResult = { json: { recordingId: id, videoUrl } };
			if (parameter(context, 'download', itemIndex) === true) {
				const field = String(parameter(context, 'binaryPropertyName', itemIndex) ?? 'data');
				result.binary = { [field]: await downloadVideo(context, videoUrl, `screenrec-${id}`) };
			}
			return [result];
		},
	},

	'recording.update': {
		credential: REST_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await restClientFor(context);
			const fields = collection(context, 'updateFields', itemIndex);
			// An emptied Tags field clears the tags: the field is there, so the user meant it.
			const changes = defined({
				tags: 'tags' in fields ? (listOf(fields.tags) ?? []) : undefined,
				comment: typeof fields.comment === 'string' ? fields.comment : undefined,
			});
			if (Object.keys(changes).length === 0) {
				throw new NodeOperationError(context.getNode(), 'Nothing to update: add Tags or Comment under Update Fields.', {
					itemIndex,
					description: 'Update replaces only the fields you add; nothing was sent to ScreenRec.',
				});
			}
			return [recordingItem(await client.updateRecording(recordingId(context, itemIndex), changes))];
		},
	},

	'recording.delete': {
		credential: REST_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await restClientFor(context);
			const id = recordingId(context, itemIndex);
			await client.deleteRecording(id);
			return [{ json: { recordingId: id, deleted: true } }];
		},
	},

	'tag.search': {
		credential: REST_CREDENTIAL,
		async run(context, itemIndex) {
			const client = await restClientFor(context);
			const tags = await client.searchTags(String(parameter(context, 'query', itemIndex) ?? ''));
			return tags.map((tag) => ({ json: { tag } }));
		},
	},
};
