import { defineInputFields, defineSearch, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { restClient } from '../clients';
import { recordingIdField } from '../fields';
import { performStep } from '../step';
import { foundOrNothing } from './nothing-found';
import sample from './get-video-url.sample.json';

const inputFields = defineInputFields([recordingIdField]);

export interface VideoLink {
  recordingId: string;
  videoUrl: string;
}

/** No video (no such recording, or not recorded yet) is "nothing found", so the Zap stops or goes on as the user chose. */
export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<VideoLink[]> => {
    const recordingId = (bundle.inputData.recordingId ?? '').trim();
    const rest = restClient(z, bundle);
    return await foundOrNothing(rest.getVideoUrl(recordingId, step.call).then((videoUrl) => ({ recordingId, videoUrl })));
  },
  { recordingId: 'Recording ID' },
);

export default defineSearch({
  key: 'getVideoUrl',
  noun: 'Video',
  display: {
    label: 'Find Video URL',
    description: "Finds a fresh, temporary link to a finished recording's video; finds nothing while there is no video yet.",
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [
      { key: 'recordingId', label: 'Recording ID', type: 'string' },
      { key: 'videoUrl', label: 'Video URL (temporary link)', type: 'string' },
    ],
  },
});
