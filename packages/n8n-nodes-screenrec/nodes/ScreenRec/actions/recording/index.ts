import type { INodeProperties } from 'n8n-workflow';
import type { OperationDescriptor } from '../operation';
import { create } from './create.operation';
import { deleteRecording } from './delete.operation';
import { get } from './get.operation';
import { getAll } from './getAll.operation';
import { getVideoUrl } from './getVideoUrl.operation';
import { request } from './request.operation';
import { update } from './update.operation';
import { waitForVideo } from './waitForVideo.operation';

export const recordingOperations: Record<string, OperationDescriptor> = {
	create,
	delete: deleteRecording,
	get,
	getAll,
	getVideoUrl,
	request,
	update,
	waitForVideo,
};

export const recordingOperation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['recording'] } },
	options: [
		{
			name: 'Create Recording Link',
			value: 'create',
			action: 'Create a recording link to send',
			description:
				'Get the link of a new recording page, to send yourself (chat, ticket, e-mail) to the person who should record. ScreenRec sends no e-mail. Needs the Backend Token; with the Workspace ID and API Key it also outputs the recording ID.',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a recording',
			description: 'Delete a recording and its video for good, and output what was deleted',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a recording',
			description: 'Get one recording: status, tags, comment, external reference, creation date',
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
			name: 'Request Recording by Email',
			value: 'request',
			action: 'Request a recording by email',
			description: 'Have ScreenRec e-mail someone an invitation to record their screen (or create a recording without e-mail)',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a recording',
			description: "Replace a recording's tags or internal comment, or remove all its tags",
		},
		{
			name: 'Wait for Video',
			value: 'waitForVideo',
			action: 'Wait for the video of a recording',
			description:
				"Pause the execution until a recording's video is ready (after the step that sends its link), then continue with the recording and the video's link",
		},
	],
	default: 'create',
};

export const recordingFields: INodeProperties[] = Object.values(recordingOperations).flatMap((operation) => operation.description);
