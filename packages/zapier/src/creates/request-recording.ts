import { defineCreate, defineInputFields, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { cleanTags, type CreateRecordingRequest, type RecordingDirection } from '@screenrec/core';
import { restClient } from '../clients';
import { cleanList, cleanText, commentField, directionChoices, newRecordingTagsField } from '../fields';
import { recordingOutput, recordingOutputFields, type RecordingOutput } from '../recording';
import { performStep } from '../step';
import sample from './request-recording.sample.json';

const inputFields = defineInputFields([
  {
    key: 'direction',
    label: 'Direction',
    required: true,
    default: 'REQUEST',
    choices: directionChoices,
    helpText: '`REQUEST` asks someone else to record their screen; `RESPONSE` is a recording of your own to share.',
  },
  {
    key: 'email',
    label: 'Invite E-mail',
    type: 'string',
    required: false,
    helpText: 'Who is asked to record, for example `ana@example.com`. ScreenRec e-mails them an invitation; leave empty to send none.',
  },
  newRecordingTagsField,
  {
    key: 'notificationEmails',
    label: 'Notify E-mails',
    list: true,
    required: false,
    helpText: 'Addresses ScreenRec notifies about this recording, for example `team@example.com`.',
  },
  commentField('An internal note, never shown to the person who records, for example `Escalated by Tom`.'),
]);

export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<RecordingOutput> => {
    const { direction, email, tags, notificationEmails, comment } = bundle.inputData;
    const inviteEmail = cleanText(email)?.trim();
    const tagList = cleanTags(tags);
    const notifications = cleanList(notificationEmails).map((value) => ({ type: 'EMAIL' as const, value }));
    const note = cleanText(comment);
    // The direction is passed on as typed: core rejects anything but REQUEST or RESPONSE before sending.
    const request: CreateRecordingRequest = {
      direction: (cleanText(direction) ?? '') as RecordingDirection,
      ...(inviteEmail === undefined ? {} : { email: inviteEmail }),
      ...(tagList.length === 0 ? {} : { tags: tagList }),
      ...(notifications.length === 0 ? {} : { notifications }),
      ...(note === undefined ? {} : { comment: note }),
    };
    return recordingOutput(await restClient(z, bundle).requestRecording(request, step.call));
  },
  { direction: 'Direction', email: 'Invite E-mail', tags: 'Tags', notifications: 'Notify E-mails', comment: 'Comment' },
);

export default defineCreate({
  key: 'requestRecording',
  noun: 'Recording',
  display: {
    label: 'Create Recording and E-mail Invitation',
    description: 'Creates a recording and has the service e-mail the invitation to record to the person you name.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: recordingOutputFields(),
  },
});
