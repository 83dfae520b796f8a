import { NodeOperationError } from 'n8n-workflow';
import { defined, listOf, recordingLocator, toJsonObject } from '../../../../lib';
import { collection, recordingIdOf, showFor, type Operation } from '../operation';
import { commentField } from './comment-field';
import { tagsField } from './tags-field';

const show = showFor('recording', 'update');

/** Replaces a recording's tags and/or internal comment. */
export const update: Operation = {
	uses: 'rest',
	description: [
		recordingLocator({ displayOptions: show }),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: show,
			options: [
				commentField('The new internal note (replaces the old one)'),
				tagsField('Comma-separated labels that replace all existing tags; an empty value removes them all'),
			],
		},
	],
	async run(run) {
		const client = run.connection.rest('Update');
		const fields = collection(run, 'updateFields');
		// An emptied Tags field clears the tags: the field is there, so the user meant it.
		const changes = defined({
			tags: 'tags' in fields ? (listOf(fields.tags) ?? []) : undefined,
			comment: typeof fields.comment === 'string' ? fields.comment : undefined,
		});
		if (Object.keys(changes).length === 0) {
			throw new NodeOperationError(run.context.getNode(), 'Nothing to update: add Tags or Comment under Update Fields.', {
				itemIndex: run.itemIndex,
				description: 'Update replaces only the fields you add; nothing was sent to ScreenRec.',
			});
		}
		return [{ json: toJsonObject(await client.updateRecording(recordingIdOf(run), changes, run.options)) }];
	},
};
