import { RECORDING_DIRECTIONS, RECORDING_STATUSES, SORT_ORDERS } from '../../lib';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

const onRecording = (...operation: string[]) => ({ show: { resource: ['recording'], operation } });

const DIRECTION_LABELS: Record<(typeof RECORDING_DIRECTIONS)[number], INodePropertyOptions> = {
	REQUEST: { name: 'Request', value: 'REQUEST', description: 'Ask someone else to record their screen' },
	RESPONSE: { name: 'Response', value: 'RESPONSE', description: 'Record your own screen to share' },
};
const directionOptions = RECORDING_DIRECTIONS.map((direction) => DIRECTION_LABELS[direction]);
const statusOptions = RECORDING_STATUSES.map((status) => ({
	name: status.charAt(0) + status.slice(1).toLowerCase(),
	value: status,
}));

const tagsField = (description: string): INodeProperties => ({
	displayName: 'Tags',
	name: 'tags',
	type: 'string',
	default: '',
	placeholder: 'onboarding, ticket-1234',
	description,
});

const recordingIdField: INodeProperties = {
	displayName: 'Recording ID',
	name: 'recordingId',
	type: 'string',
	required: true,
	default: '',
	placeholder: '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e',
	description: 'The UUID of the recording, as returned by Request, Get Many or the ScreenRec Trigger',
	displayOptions: onRecording('getVideoUrl', 'update', 'delete'),
};

export const recordingOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['recording'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			action: 'Create a recording link',
			description:
				'Create a recording request through the automation hook and get the link of its recording page, to send to the person who will record. Needs the ScreenRec Hook API credential.',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a recording',
			description: 'Delete a recording and its video for good',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many recordings',
			description: 'List recordings of the workspace, filtered by status, direction, tags, dates or IDs',
		},
		{
			name: 'Get Video URL',
			value: 'getVideoUrl',
			action: 'Get the video URL of a recording',
			description: 'Get a temporary link to the video of a finished recording, and optionally download the video',
		},
		{
			name: 'Request',
			value: 'request',
			action: 'Request a recording',
			description:
				'Create a recording through the REST API, optionally e-mailing an invitation to the person who should record',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a recording',
			description: "Replace a recording's tags or internal comment",
		},
	],
	default: 'create',
};

export const recordingFields: INodeProperties[] = [
	// Create (automation hook)
	{
		displayName: 'External Reference',
		name: 'externalReference',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'ticket-1234',
		description:
			"Your own identifier for this request (a ticket, order or execution ID). It is stored on the recording, so Get Many can find the recording by it later.",
		displayOptions: onRecording('create'),
	},
	{ ...tagsField('Comma-separated labels to put on the recording'), displayOptions: onRecording('create') },

	// Request (REST create)
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		options: directionOptions,
		default: 'REQUEST',
		description: 'Whether someone else records (Request) or you record your own screen (Response)',
		displayOptions: onRecording('request'),
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'Address of the person asked to record; ScreenRec e-mails them an invitation. Leave empty to send none.',
		displayOptions: onRecording('request'),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: onRecording('request'),
		options: [
			{
				displayName: 'Comment',
				name: 'comment',
				type: 'string',
				default: '',
				description: 'An internal note, never shown to the person who records',
			},
			{
				displayName: 'Notification Emails',
				name: 'notificationEmails',
				type: 'string',
				default: '',
				placeholder: 'team@example.com, lead@example.com',
				description: 'Comma-separated addresses that ScreenRec notifies about this recording',
			},
			tagsField('Comma-separated labels to put on the recording'),
		],
	},

	// Get Many
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions: onRecording('getAll'),
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { resource: ['recording'], operation: ['getAll'], returnAll: [false] } },
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: onRecording('getAll'),
		options: [
			{
				displayName: 'Created After',
				name: 'createdDateFrom',
				type: 'dateTime',
				default: '',
				description: 'Only recordings created at or after this time (UTC when no time zone is given)',
			},
			{
				displayName: 'Created Before',
				name: 'createdDateTo',
				type: 'dateTime',
				default: '',
				description: 'Only recordings created up to the end of this day (ScreenRec adds one day to this date)',
			},
			{
				displayName: 'Directions',
				name: 'directions',
				type: 'multiOptions',
				options: directionOptions,
				default: [],
				description: 'Only recordings with one of these directions',
			},
			{
				displayName: 'External Reference',
				name: 'externalReference',
				type: 'string',
				default: '',
				description: 'Only recordings made by Create with this external reference (filtered by n8n after listing)',
			},
			{
				displayName: 'Recording IDs',
				name: 'ids',
				type: 'string',
				default: '',
				description: 'Comma-separated recording UUIDs',
			},
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				options: SORT_ORDERS.map((order) => ({ name: order, value: order })),
				default: 'Ascending',
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
			{
				...tagsField('Comma-separated tags; a recording matches when it has at least one of them'),
			},
			{
				displayName: 'User ID',
				name: 'userId',
				type: 'string',
				default: '',
				description: 'Only recordings made by this workspace user (UUID)',
			},
		],
	},

	// Get Video URL, Update, Delete
	recordingIdField,
	{
		displayName: 'Download Video',
		name: 'download',
		type: 'boolean',
		default: false,
		description: 'Whether to download the video and output it as binary data, besides its link',
		displayOptions: onRecording('getVideoUrl'),
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		hint: 'The name of the output binary field to put the video in',
		displayOptions: { show: { resource: ['recording'], operation: ['getVideoUrl'], download: [true] } },
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: onRecording('update'),
		options: [
			{
				displayName: 'Comment',
				name: 'comment',
				type: 'string',
				default: '',
				description: 'The new internal note (replaces the old one)',
			},
			tagsField('Comma-separated labels that replace all existing tags'),
		],
	},
];
