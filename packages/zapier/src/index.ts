import { defineApp, version as platformVersion, type Create, type Search, type Trigger } from 'zapier-platform-core';
import packageJson from '../package.json';
import authentication from './authentication';
import { REGULAR_STEP_NAMES, regularStep, stepKey, zapierPlace, type StepKind, type WrittenOutName } from './catalogue-steps';
import createRecording from './creates/create-recording';
import { credentialsByTheRule } from './request-guard';
import findRecording from './searches/find-recording';
import newRecording from './triggers/new-recording';
import recordingList from './triggers/recording-list';
import tagList from './triggers/tag-list';
import videoReady from './triggers/video-ready';
import { hydrateVideoFile, listHydrator } from './video-file';

type Step = Trigger | Create | Search;

/** The operations Zapier runs its own way; every other operation with a Zapier key is a regular step made from the catalogue. */
const WRITTEN_OUT: Record<WrittenOutName, Step> = {
  createRecordingLink: createRecording,
  findRecordings: findRecording,
  videoReady,
  newRecording,
};

/** Zapier's own hidden triggers, which fill the Tags and Recording ID dropdowns. */
const DROPDOWNS: Step[] = [tagList, recordingList];

const steps: Record<StepKind, Record<string, Step>> = { triggers: {}, creates: {}, searches: {} };
for (const [name, step] of Object.entries(WRITTEN_OUT) as Array<[WrittenOutName, Step]>) {
  const { kind, key } = zapierPlace(name)!;
  steps[kind][key] = step;
}
for (const name of REGULAR_STEP_NAMES) {
  const { kind, key } = zapierPlace(name)!;
  steps[kind][key] = regularStep(name);
}
for (const step of DROPDOWNS) steps.triggers[step.key] = step;

/**
 * Find or Create Recording. Zapier requires a search-or-create's own `key` to be its search's key; the entry is
 * registered as `findOrCreateRecording`.
 */
const findOrCreateRecording = {
  key: stepKey('findRecordings'),
  display: {
    label: 'Find or Create Recording',
    description: 'Finds the newest recording with your external reference and, when there is none, creates a recording link for it.',
  },
  search: stepKey('findRecordings'),
  create: stepKey('createRecordingLink'),
};

/** The definition Zapier compiled, when it lists stand-ins for this app's functions (the build's): pointers name its hydrator. */
export function useStandIns(definition: { hydrators: { videoFile: typeof hydrateVideoFile } }): void {
  listHydrator(definition.hydrators.videoFile);
}

export default defineApp({
  version: packageJson.version,
  platformVersion,
  authentication,
  beforeRequest: [credentialsByTheRule],
  hydrators: { videoFile: hydrateVideoFile },
  triggers: steps.triggers as Record<string, Trigger>,
  creates: steps.creates as Record<string, Create>,
  searches: steps.searches as Record<string, Search>,
  searchOrCreates: { findOrCreateRecording },
});
