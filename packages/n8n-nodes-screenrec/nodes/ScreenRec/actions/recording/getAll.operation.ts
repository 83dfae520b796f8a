import {
	NEWEST_FIRST,
	SORT_ORDERS,
	defined,
	directionOptions,
	isoDateIn,
	listOf,
	statusOptions,
	textOf,
	toJsonObject,
	type RecordingFilter,
} from '../../../../lib';
import { withPropertyHint } from '../../../builder-hint';
import { collection, parameter, showFor, type OperationDescriptor } from '../operation';
import { tagsField } from './tags-field';

const show = showFor('recording', 'getAll');

/** The workspace's recordings, every filter the list call has sent to the server; Return All pages through all of them. */
export const getAll: OperationDescriptor = {
	uses: 'rest',
	tool: 'Finds recordings of the ScreenRec workspace, newest first, by status, direction, tags, creation dates, external reference or IDs. Returns one result per recording: id, status, direction, tags, comment, externalReference, createdDate and url; an empty result means none matched. To read one recording whose ID you know, use the ScreenRec tool that gets a recording.',
	description: [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: show,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show.show, returnAll: [false] } },
		},
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			displayOptions: show,
			options: [
				{
					displayName: 'Created After',
					name: 'createdDateFrom',
					type: 'dateTime',
					default: '',
					description:
						"Only recordings created at or after this time. A date, or a date and time, without a time zone is read in the workflow's timezone (Workflow Settings).",
				},
				{
					displayName: 'Created Before',
					name: 'createdDateTo',
					type: 'dateTime',
					default: '',
					description:
						"Only recordings created up to this time (a plain date includes that whole day). A date, or a date and time, without a time zone is read in the workflow's timezone (Workflow Settings).",
				},
				{
					displayName: 'Directions',
					name: 'directions',
					type: 'multiOptions',
					options: directionOptions,
					default: [],
					description: 'Only recordings with one of these directions: REQUEST (someone else records) or RESPONSE (you record)',
				},
				withPropertyHint(
					{
						displayName: 'External Reference',
						name: 'externalReference',
						type: 'string',
						default: '',
						description:
							'Only recordings made by Create Recording Link with exactly this external reference (checked by n8n, as the API has no such filter)',
					},
					'The ticket, order or conversation ID the recording was made for',
				),
				{
					displayName: 'Recording IDs',
					name: 'ids',
					type: 'string',
					default: '',
					description: 'Comma-separated recording IDs (UUIDs)',
				},
				{
					displayName: 'Sort Order',
					name: 'sortOrder',
					type: 'options',
					options: SORT_ORDERS.map((order) => ({
						name: order === 'Descending' ? 'Newest First' : 'Oldest First',
						value: order,
					})),
					// Newest first, as everywhere; spelled out because n8n's linter reads a default from the source.
					default: 'Descending',
					description: 'Order by creation time',
				},
				{
					displayName: 'Statuses',
					name: 'statuses',
					type: 'multiOptions',
					options: statusOptions,
					default: [],
					description: 'Only recordings in one of these states (Completed recordings have a video)',
				},
				tagsField('Comma-separated tags; a recording matches when it has at least one of them'),
				{
					displayName: 'User ID',
					name: 'userId',
					type: 'string',
					default: '',
					description: 'Only recordings made by this workspace user (a UUID)',
				},
			],
		},
	],
	async run(run) {
		const client = run.connection.rest('Get Many');
		const returnAll = parameter(run, 'returnAll') === true;
		const filters = collection(run, 'filters');
		const timeZone = run.context.getTimezone();
		const filter: RecordingFilter = defined({
			ids: listOf(filters.ids),
			userId: textOf(filters.userId),
			statuses: listOf(filters.statuses) as RecordingFilter['statuses'],
			directions: listOf(filters.directions) as RecordingFilter['directions'],
			tags: listOf(filters.tags),
			createdDateFrom: isoDateIn(filters.createdDateFrom, timeZone),
			createdDateTo: isoDateIn(filters.createdDateTo, timeZone),
			sortField: NEWEST_FIRST.sortField,
			sortOrder: (textOf(filters.sortOrder) ?? NEWEST_FIRST.sortOrder) as RecordingFilter['sortOrder'],
		});
		const recordings = await client.collectRecordings(
			filter,
			defined({
				limit: returnAll ? undefined : Number(parameter(run, 'limit') ?? 50),
				externalReference: textOf(filters.externalReference),
				signal: run.options.signal,
				deadline: run.options.deadline,
			}),
		);
		return recordings.map((recording) => ({ json: toJsonObject(recording) }));
	},
};
