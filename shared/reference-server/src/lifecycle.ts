import { randomBytes } from 'node:crypto';
import { rm, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { generateDemoWebm } from './demo-video';
import type { DeliveryWorker } from './delivery-worker';
import type { Recording, StoredVideo } from './model';
import { Refusal } from './replies';
import { recordingView, type NewRecording, type Store } from './store/store';
import type { VideoLinks } from './video-links';
import { RECORDING_STATUSES, type RecordingAnswer, type RecordingStatus } from './wire';

export class TransitionRefused extends Refusal {}

/** The recording was deleted while its video was being stored; the video is not kept. */
export class RecordingGone extends Error {}

/** A recording from creation to deletion: its invitation, forward-only status changes, on COMPLETED the video, mails, callbacks. */
export class RecordingLifecycle {
  constructor(
    private readonly store: Store,
    private readonly videosDir: string,
    private readonly links: VideoLinks,
    private readonly deliveries: DeliveryWorker,
    private readonly publicUrl: () => string,
    private readonly linkBase: () => string,
  ) {}

  create(input: NewRecording & { email?: string }): Recording {
    const recording = this.store.addRecording(input);
    if (input.email !== undefined) {
      this.store.mail({
        to: input.email,
        subject: 'You are invited to record your screen',
        text: `Please record your screen for us: open ${this.pageUrl(recording)} and press Start.`,
      });
    }
    return recording;
  }

  view(recording: Recording): RecordingAnswer {
    return { ...recordingView(recording), url: this.pageUrl(recording) };
  }

  /** What a list page's urls start with: a JSON string's opening quote and the escaped base (ids are UUIDs, which need no escaping). */
  pageBase(): string {
    return JSON.stringify(`${this.publicUrl()}/r/`).slice(0, -1);
  }

  pageUrl(recording: Recording): string {
    return `${this.publicUrl()}/r/${recording.id}`;
  }

  /** A freshly signed link in the configured mode (service path or storage path). */
  videoUrl(recording: Recording): string {
    const extension = recording.video?.fileName.endsWith('.mp4') ? 'mp4' : 'webm';
    return this.links.sign(this.linkBase(), { id: recording.id, workspaceId: recording.workspaceId, extension });
  }

  /** For the delivery worker: a live link when the recording still has its video, else undefined. */
  linkFor(recordingId: string): string | undefined {
    const recording = this.store.recording(recordingId);
    return recording?.video === undefined ? undefined : this.videoUrl(recording);
  }

  checkForward(recording: Recording, status: RecordingStatus): void {
    if (RECORDING_STATUSES.indexOf(status) <= RECORDING_STATUSES.indexOf(recording.status)) {
      const order = RECORDING_STATUSES.join(' → ');
      throw new TransitionRefused(409, `The recording is ${recording.status}; it can only move forward (${order}).`);
    }
  }

  /** The dashboard's move: COMPLETED without an upload stores a generated WebM. */
  async advance(recording: Recording, status: RecordingStatus): Promise<Recording> {
    this.checkForward(recording, status);
    if (status !== 'COMPLETED') return this.store.setStatus(recording, status);
    const fileName = videoFileName(recording, 'video/webm');
    const bytes = generateDemoWebm();
    await writeFile(join(this.videosDir, fileName), bytes, { mode: 0o600 });
    return this.completeWithFile(recording, { fileName, contentType: 'video/webm', size: bytes.length });
  }

  /** The upload at `tempPath` becomes the video; RecordingGone or TransitionRefused (another completion won) leave no file. */
  async completeWithUpload(recording: Recording, tempPath: string, contentType: string, size: number): Promise<Recording> {
    this.checkForward(recording, 'COMPLETED');
    if (this.store.recording(recording.id) === undefined) throw new RecordingGone();
    const fileName = videoFileName(recording, contentType);
    await rename(tempPath, join(this.videosDir, fileName));
    return this.completeWithFile(recording, { fileName, contentType, size });
  }

  videoPath(video: StoredVideo): string {
    return join(this.videosDir, video.fileName);
  }

  async remove(recording: Recording): Promise<void> {
    this.store.deleteRecording(recording);
    if (recording.video !== undefined) await rm(this.videoPath(recording.video), { force: true });
  }

  /** The file is in place. Read again: the recording may have been deleted or completed while it was written; then the file goes. */
  private async completeWithFile(recording: Recording, video: StoredVideo): Promise<Recording> {
    try {
      const current = this.store.recording(recording.id);
      if (current === undefined) throw new RecordingGone();
      this.checkForward(current, 'COMPLETED');
      return this.store.transaction(() => {
        this.store.setStatus(current, 'COMPLETED', video);
        for (const notification of current.notifications) {
          this.store.mail({
            to: notification.value,
            subject: 'A recording is ready',
            text: `Recording ${current.id} is ready. Watch it within the hour: ${this.videoUrl(current)}`,
          });
        }
        const link = this.videoUrl(current);
        for (const subscription of this.store.subscriptionsOf(current.workspaceId)) this.deliveries.notify(subscription, current.id, link);
        return current;
      });
    } catch (error) {
      await rm(this.videoPath(video), { force: true });
      throw error;
    }
  }
}

/** Unique per completion, so a completion that loses a race never overwrites the winner's file. */
function videoFileName(recording: Recording, contentType: string): string {
  return `${recording.id}.${randomBytes(6).toString('hex')}${contentType === 'video/mp4' ? '.mp4' : '.webm'}`;
}

/** Video files this server names: `{uuid}.webm|mp4` (older runs) or `{uuid}.{hex}.webm|mp4`. */
export const VIDEO_FILE = /^[0-9a-f-]{36}(\.[0-9a-f]{12})?\.(webm|mp4)$/;
