import { recordingChanges, tagsOf, toJsonObject } from '../../../../lib';
import { recordingField } from './recording-field';
import { collection, recordingIdOf, showFor, type OperationDescriptor } from '../operation';
import { commentField } from './comment-field';
import { tagsField } from './tags-field';

const show = showFor('recording', 'update');

/** Replaces a recording's tags and/or internal comment, or removes all its tags. */
export const update: OperationDescriptor = {
	uses: 'rest',
	tool: "Changes a ScreenRec recording's tags (the tags given replace all of them) or its internal comment, or removes all its tags. Returns the updated recording: id, status, tags, comment, externalReference, createdDate and url.",
	description: [
		recordingField({ displayOptions: show }),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: show,
			options: [
				commentField('The new internal note, which replaces the old one; left empty, the old one stays'),
				{
					displayName: 'Remove All Tags',
					name: 'removeAllTags',
					type: 'boolean',
					default: false,
					description: 'Whether to remove every tag from the recording (leave Tags out then)',
				},
				tagsField('Comma-separated labels that replace all existing tags; left empty, the tags stay'),
			],
		},
	],
	async run(run) {
		const fields = collection(run, 'updateFields');
		// Checked before the client is made: a refused update names the fields, whatever the credential holds.
		const changes = recordingChanges({
			tags: tagsOf(fields.tags),
			comment: typeof fields.comment === 'string' ? fields.comment : undefined,
			removeAllTags: fields.removeAllTags === true,
		});
		const client = run.connection.rest('Update');
		return [
			{
				json: toJsonObject(await client.updateRecording(recordingIdOf(run), changes, run.options)),
			},
		];
	},
};
