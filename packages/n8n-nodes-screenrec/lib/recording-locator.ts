import { NEWEST_FIRST, recordingLabel, type Recording } from 'screenrec/portable';
import type { ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import { ScreenRecConnection } from './connection';
import { toNodeError } from './errors';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A recording page link ends in the recording's ID (https://app.screenrec.example/r/<id>). */
const PAGE_URL = `^https?://[^\\s/]+(?:/[^\\s?#]*)?/(${UUID})/?(?:[?#].*)?$`;

/** The list method n8n calls for the "From list" mode. */
export const SEARCH_RECORDINGS = 'searchRecordings';
const PAGE_SIZE = 50;

/** The Recording ID input: pick from a searchable list (newest first), type the ID, or paste the recording page's link. */
export function recordingLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Recording',
		name: 'recordingId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			'The recording to use. For an AI agent: give the recording ID (a UUID such as 0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e) from Get Many, Get or a trigger, or the link of its recording page.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a recording…',
				typeOptions: {
					searchListMethod: SEARCH_RECORDINGS,
					searchable: true,
					searchFilterRequired: false,
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^\\s*${UUID}\\s*$`,
							errorMessage: 'Not a recording ID: expected a UUID',
						},
					},
				],
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: 'https://app.screenrec.example/r/0b7c2d1e-3f4a-4b5c-9d6e-7f8a9b0c1d2e',
				hint: 'The link of the recording page (Create Recording Link outputs it)',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: PAGE_URL,
							errorMessage: 'Not a recording page link: it should end in the recording ID',
						},
					},
				],
				extractValue: { type: 'regex', regex: PAGE_URL },
			},
		],
		...overrides,
	};
}

function matches(recording: Recording, filter: string): boolean {
	const haystack = [recording.id, recording.status, recording.externalReference ?? '', recording.comment ?? '', ...recording.tags]
		.join('\n')
		.toLowerCase();
	return haystack.includes(filter);
}

/**
 * The "From list" search: the workspace's recordings newest first, a page at a time as the user scrolls. The typed
 * text keeps those whose ID, status, tags, external reference or comment contain it (the API has no text search).
 */
export async function searchRecordings(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const first = typeof paginationToken === 'number' ? paginationToken : 0;
	const wanted = filter?.trim().toLowerCase() ?? '';
	const timeZone = this.getTimezone();
	try {
		const rest = (await ScreenRecConnection.of(this)).rest('Picking a recording from the list');
		const page = await rest.listRecordings({ ...NEWEST_FIRST, first, pageSize: PAGE_SIZE });
		const results: INodeListSearchItems[] = page.content
			.filter((recording) => wanted === '' || matches(recording, wanted))
			.map((recording) => ({
				name: recordingLabel(recording, timeZone),
				value: recording.id,
				url: recording.url,
			}));
		const next = first + page.content.length;
		return {
			results,
			paginationToken: page.content.length === PAGE_SIZE && next < page.totalElements ? next : undefined,
		};
	} catch (error) {
		throw toNodeError(this.getNode(), error, { shownAlone: true });
	}
}
