import { NEWEST_FIRST, SORT_ORDERS, type RecordingFilter } from 'screenrec/portable';
import { defined, textOf, toJsonObject } from '../../../../lib/parameters';
import { inputParameters, inputValues } from '../inputs';
import { collection, n8nName, parameter, showFor, type OperationDescriptor } from '../operation-descriptor';

const show = showFor('findRecordings');

/** The workspace's recordings, every filter the list call has sent to the server; Return All pages through all of them. */
export const getAll: OperationDescriptor = {
	operation: 'findRecordings',
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
		...inputParameters('findRecordings', [
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				options: SORT_ORDERS.map((order) => ({ name: order === 'Descending' ? 'Newest First' : 'Oldest First', value: order })),
				// Newest first, as everywhere; spelled out because n8n's linter reads a default from the source.
				default: 'Descending',
				description: 'Order by creation time',
			},
		]),
	],
	async run(run) {
		const client = run.connection.rest(n8nName('findRecordings'));
		const returnAll = parameter(run, 'returnAll') === true;
		const input = inputValues(run, 'findRecordings');
		const given = textOf(collection(run, 'filters').sortOrder);
		const sortOrder = SORT_ORDERS.find((order) => order === given) ?? NEWEST_FIRST.sortOrder;
		const filter: RecordingFilter = defined({
			ids: input.ids,
			userId: input.userId,
			statuses: input.statuses,
			directions: input.directions,
			tags: input.filterTags,
			createdDateFrom: input.createdDateFrom,
			createdDateTo: input.createdDateTo,
			sortField: NEWEST_FIRST.sortField,
			sortOrder,
		});
		const recordings = await client.collectRecordings(
			filter,
			defined({
				limit: returnAll ? undefined : Number(parameter(run, 'limit') ?? 50),
				externalReference: input.filterReference,
				signal: run.options.signal,
				deadline: run.options.deadline,
				budgetMs: run.options.budgetMs,
			}),
		);
		return recordings.map((recording) => ({ json: toJsonObject(recording) }));
	},
};
