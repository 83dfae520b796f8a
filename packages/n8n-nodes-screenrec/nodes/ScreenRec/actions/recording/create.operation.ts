import { createdRecordingDetails, tagsOf } from '../../../../lib';
import { withPropertyHint } from '../../../builder-hint';
import { showFor, parameter, type OperationDescriptor } from '../operation';
import { tagsField } from './tags-field';

const show = showFor('recording', 'create');

/**
 * The hook's RECORDING: a recording page link to send to whoever should record. ScreenRec e-mails nobody. With the
 * Workspace ID and API Key in the credential, the new recording is looked up for its ID and status; that lookup
 * never fails the item, since the recording exists by then and a retried item would make a second one.
 */
export const create: OperationDescriptor = {
	uses: 'hook',
	tool: 'Creates a ScreenRec recording link: a page where a person records their screen. ScreenRec e-mails nobody: give the link to the person yourself, in your reply. Returns url (the page to share), externalReference and tags, and recordingId and status when the connection can look them up. To have ScreenRec e-mail someone an invitation instead, use the ScreenRec tool that requests a recording by e-mail.',
	description: [
		withPropertyHint(
			{
				displayName: 'External Reference',
				name: 'externalReference',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'ticket-1234',
				description:
					'Your own identifier for this request, such as a ticket, order or execution ID. It is stored on the recording, so Get Many can find the recording by it later.',
				displayOptions: show,
			},
			'Map the ID of what the recording is for (ticket, order, conversation) from an earlier step',
		),
		{
			...tagsField('Comma-separated labels to put on the recording, such as "onboarding, ticket-1234"'),
			displayOptions: show,
		},
	],
	async run(run) {
		const client = run.connection.hook('Create Recording Link');
		const externalReference = String(parameter(run, 'externalReference') ?? '').trim();
		const tags = tagsOf(parameter(run, 'tags'));
		const { url } = await client.createRecordingLink({ externalReference, ...(tags.length > 0 ? { tags } : {}) }, run.options);
		const rest = run.connection.hasRest ? run.connection.rest('Create Recording Link') : undefined;
		const details = await createdRecordingDetails(rest, url, externalReference, run.options);
		return [{ json: { ...details, url, externalReference, tags } }];
	},
};
