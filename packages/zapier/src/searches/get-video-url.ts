import { defineInputFields, defineSearch, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { withZapierErrors } from '../errors';
import { recordingIdField } from '../fields';
import sample from './get-video-url.sample.json';

const inputFields = defineInputFields([recordingIdField]);

export interface VideoLink {
  /** The recording's id. */
  id: string;
  videoUrl: string;
}

export const perform = withZapierErrors(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>): Promise<VideoLink[]> => {
    const recordingId = (bundle.inputData.recordingId ?? '').trim();
    const videoUrl = await restClient(z, bundle).getVideoUrl(recordingId);
    return [{ id: recordingId, videoUrl }];
  },
);

export default defineSearch({
  key: 'getVideoUrl',
  noun: 'Video',
  display: {
    label: 'Get Video URL',
    description:
      "Gets a fresh, temporary link to a finished recording's video, to download it or share it soon after. Needs the Workspace ID and API Key in the connection.",
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [
      { key: 'id', label: 'Recording ID', type: 'string' },
      { key: 'videoUrl', label: 'Video URL (temporary link)', type: 'string' },
    ],
  },
});
