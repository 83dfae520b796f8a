import { defineApp, version as platformVersion } from 'zapier-platform-core';
import packageJson from '../package.json';
import authentication from './authentication';
import createRecording from './creates/create-recording';
import deleteRecording from './creates/delete-recording';
import requestRecording from './creates/request-recording';
import updateRecording from './creates/update-recording';
import { onlyToTheService } from './request-guard';
import findRecording from './searches/find-recording';
import findTags from './searches/find-tags';
import getVideoUrl from './searches/get-video-url';
import newRecording from './triggers/new-recording';
import recordingList from './triggers/recording-list';
import tagList from './triggers/tag-list';
import videoReady from './triggers/video-ready';
import { hydrateVideoFile } from './video-file';

/**
 * Find or Create Recording. Zapier requires a search-or-create's own `key` to be its search's key; the entry is
 * registered as `findOrCreateRecording`.
 */
const findOrCreateRecording = {
  key: findRecording.key,
  display: {
    label: 'Find or Create Recording',
    description: 'Finds the newest recording with your external reference and, when there is none, creates a recording link for it.',
  },
  search: findRecording.key,
  create: createRecording.key,
};

export default defineApp({
  version: packageJson.version,
  platformVersion,
  authentication,
  beforeRequest: [onlyToTheService],
  hydrators: { videoFile: hydrateVideoFile },
  triggers: {
    [videoReady.key]: videoReady,
    [newRecording.key]: newRecording,
    [tagList.key]: tagList,
    [recordingList.key]: recordingList,
  },
  creates: {
    [createRecording.key]: createRecording,
    [requestRecording.key]: requestRecording,
    [updateRecording.key]: updateRecording,
    [deleteRecording.key]: deleteRecording,
  },
  searches: {
    [findRecording.key]: findRecording,
    [getVideoUrl.key]: getVideoUrl,
    [findTags.key]: findTags,
  },
  searchOrCreates: {
    findOrCreateRecording,
  },
});
