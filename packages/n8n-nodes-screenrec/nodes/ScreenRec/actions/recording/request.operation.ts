import { defined, directionOptions, listOf, tagsOf, textOf, toJsonObject } from '../../../../lib';
import { withPropertyHint } from '../../../builder-hint';
import { collection, parameter, showFor, type OperationDescriptor } from '../operation';
import { commentField } from './comment-field';
import { tagsField } from './tags-field';

const show = showFor('recording', 'request');

/** The REST create: ScreenRec itself e-mails an invitation to record (when an address is given). */
export const request: OperationDescriptor = {
	uses: 'rest',
	tool: 'Creates a ScreenRec recording and, when an Email is given, ScreenRec e-mails that person an invitation to record their screen. Returns the new recording: id, status (NEW until someone records), direction, tags, comment, createdDate and url (its recording page). To get a link to pass on yourself, without any e-mail, use the ScreenRec tool that creates a recording link.',
	description: [
		withPropertyHint(
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description:
					'E-mail address of the person asked to record; ScreenRec sends them an invitation with the recording link. Leave empty to send no e-mail.',
				displayOptions: show,
			},
			'Map the address of whoever should record from an earlier step; never made up',
		),
		{
			displayName: 'Direction',
			name: 'direction',
			type: 'options',
			options: directionOptions,
			default: 'REQUEST',
			description: 'Whether someone else records (Request) or you record your own screen (Response)',
			displayOptions: show,
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: show,
			options: [
				commentField('An internal note, never shown to the person who records'),
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
	],
	async run(run) {
		const client = run.connection.rest('Request Recording by Email');
		const additional = collection(run, 'additionalFields');
		const notifications = listOf(additional.notificationEmails)?.map((value) => ({
			type: 'EMAIL' as const,
			value,
		}));
		const tags = tagsOf(additional.tags);
		const recording = await client.requestRecording(
			defined({
				direction: String(parameter(run, 'direction') ?? 'REQUEST') as 'REQUEST' | 'RESPONSE',
				email: textOf(parameter(run, 'email')),
				tags: tags.length > 0 ? tags : undefined,
				notifications,
				comment: textOf(additional.comment),
			}),
			run.options,
		);
		return [{ json: toJsonObject(recording) }];
	},
};
