import { defineInputFields, defineSearch, type Bundle, type InferInputData, type ZObject } from 'zapier-platform-core';
import { isScreenRecError } from '@screenrec/core';
import { restClient } from '../clients';
import { recordingIdField } from '../fields';
import { performStep } from '../step';
import sample from './get-video-url.sample.json';

const inputFields = defineInputFields([recordingIdField]);

export interface VideoLink {
  /** The recording's id. */
  id: string;
  videoUrl: string;
}

/** No video (no such recording, or not recorded yet) is "nothing found", so the Zap stops or goes on as the user chose. */
export const perform = performStep(
  async (z: ZObject, bundle: Bundle<InferInputData<typeof inputFields>>, step): Promise<VideoLink[]> => {
    const recordingId = (bundle.inputData.recordingId ?? '').trim();
    try {
      const videoUrl = await restClient(z, bundle, step).getVideoUrl(recordingId, step.call);
      return [{ id: recordingId, videoUrl }];
    } catch (error) {
      if (isScreenRecError(error) && error.code === 'NOT_FOUND') return [];
      throw error;
    }
  },
  { recordingId: 'Recording ID' },
);

export default defineSearch({
  key: 'getVideoUrl',
  noun: 'Video',
  display: {
    label: 'Get Video URL',
    description:
      "Finds a fresh, temporary link to a finished recording's video, to download it or share it soon after; finds nothing while the recording has no video yet. Needs the Workspace ID and API Key in the connection.",
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
