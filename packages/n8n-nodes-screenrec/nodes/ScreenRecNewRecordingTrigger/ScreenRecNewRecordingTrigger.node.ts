import { NodeConnectionTypes, type INodeExecutionData, type INodeType, type IPollFunctions } from 'n8n-workflow';
import { NEWEST_FIRST, RECORDING_STATUSES, type RecordingFilter } from 'screenrec/portable';
import { ScreenRecConnection } from '../../lib/connection';
import { testScreenRecCredential } from '../../lib/credential-test';
import { toNodeError } from '../../lib/errors';
import { defined, listOf, toJsonObject } from '../../lib/parameters';
import { valueOptions } from '../../lib/value-options';
import { screenRecNodeType, withPropertyHint, type HintedNodeTypeDescription } from '../builder-hint';
import { inputField } from '../ScreenRec/actions/fields';
import { pollNewRecordings, readState, writeState } from './new-recordings';

/** For n8n instances ScreenRec cannot reach (no public https address): asks ScreenRec for new recordings on a schedule. */
export class ScreenRecNewRecordingTrigger implements INodeType {
	description: HintedNodeTypeDescription = {
		displayName: 'ScreenRec New Recording Trigger',
		name: 'screenRecNewRecordingTrigger',
		icon: { light: 'file:../../icons/screenrec.svg', dark: 'file:../../icons/screenrec.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'New Recording',
		description: 'Starts the workflow when a new ScreenRec recording appears (checks on a schedule; no public n8n address needed)',
		defaults: { name: 'ScreenRec New Recording Trigger' },
		polling: true,
		builderHint: {
			searchHint:
				'Starts for each new ScreenRec recording, or one that reached a status such as Completed (video ready), checking on a schedule: for n8n without a public address.',
			relatedNodes: [
				{ nodeType: screenRecNodeType('screenRec'), relationHint: 'Gets or downloads the video' },
				{ nodeType: 'n8n-nodes-base.googleSheets', relationHint: 'Logs each recording as a row' },
				{ nodeType: 'n8n-nodes-base.slack', relationHint: 'Posts each recording or its video link' },
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'screenRecApi', required: true, testedBy: 'screenRecApiTest' }],
		properties: [
			{
				displayName:
					"Checks ScreenRec for new recordings on the schedule set in Poll Times, with the credential's API Key. Each recording starts the workflow once; recordings from before activation are skipped.",
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: [
					inputField('directions'),
					withPropertyHint(
						{
							displayName: 'Statuses',
							name: 'statuses',
							type: 'multiOptions',
							options: valueOptions(RECORDING_STATUSES),
							default: [],
							description:
								'Only recordings in one of these states, reported once when first seen in it (for example Completed: when the video is ready). A recording must reach it within 24 hours of its creation.',
						},
						'COMPLETED when the workflow is about finished recordings or their videos',
					),
					inputField('filterTags'),
				],
			},
		],
	};

	methods = { credentialTest: { screenRecApiTest: testScreenRecCredential } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const filters = this.getNodeParameter('filters', {}) as {
			directions?: unknown;
			statuses?: unknown;
			tags?: unknown;
		};
		const filter: RecordingFilter = defined({
			directions: listOf(filters.directions) as RecordingFilter['directions'],
			statuses: listOf(filters.statuses) as RecordingFilter['statuses'],
			tags: listOf(filters.tags),
		});
		try {
			const rest = (await ScreenRecConnection.of(this)).rest('The ScreenRec New Recording Trigger');
			if (this.getMode() === 'manual') {
				// "Fetch Test Event": the newest matching recording, without touching what the active trigger remembers.
				const [newest] = await rest.collectRecordings({ ...filter, ...NEWEST_FIRST }, { limit: 1 });
				return newest === undefined ? null : [[{ json: toJsonObject(newest) }]];
			}
			const data = this.getWorkflowStaticData('node');
			const { recordings, state } = await pollNewRecordings(rest, filter, readState(data), Date.now());
			writeState(data, state);
			return recordings.length === 0 ? null : [recordings.map((recording) => ({ json: toJsonObject(recording) }))];
		} catch (error) {
			throw toNodeError(this.getNode(), error, { shownAlone: true });
		}
	}
}
