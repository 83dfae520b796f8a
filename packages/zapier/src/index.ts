import { defineApp, version as platformVersion } from 'zapier-platform-core';
import packageJson from '../package.json';
import authentication from './authentication';
import createRecording from './creates/create-recording';
import deleteRecording from './creates/delete-recording';
import requestRecording from './creates/request-recording';
import updateRecording from './creates/update-recording';
import findRecording from './searches/find-recording';
import findTags from './searches/find-tags';
import getVideoUrl from './searches/get-video-url';
import newRecording from './triggers/new-recording';
import tagList from './triggers/tag-list';
import videoReady from './triggers/video-ready';
import { hydrateVideoFile } from './video-file';

export default defineApp({
  version: packageJson.version,
  platformVersion,
  authentication,
  hydrators: { videoFile: hydrateVideoFile },
  triggers: {
    [videoReady.key]: videoReady,
    [newRecording.key]: newRecording,
    [tagList.key]: tagList,
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
});
