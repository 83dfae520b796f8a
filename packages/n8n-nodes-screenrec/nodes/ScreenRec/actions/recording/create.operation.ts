import { defined, listOf } from '../../../../lib';
import { showFor, parameter, type Operation } from '../operation';
import { tagsField } from './tags-field';

const show = showFor('recording', 'create');

/** The hook's RECORDING: a recording page link to send to whoever should record. ScreenRec e-mails nobody. */
export const create: Operation = {
	uses: 'hook',
	description: [
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
		{
			...tagsField('Comma-separated labels to put on the recording, such as "onboarding, ticket-1234"'),
			displayOptions: show,
		},
	],
	async run(run) {
		const client = run.connection.hook('Create Recording Link');
		const externalReference = String(parameter(run, 'externalReference') ?? '');
		const tags = listOf(parameter(run, 'tags'));
		const { url } = await client.createRecording(defined({ externalReference, tags }), run.options);
		return [{ json: defined({ url, externalReference: externalReference.trim(), tags }) }];
	},
};
