import { execFile } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { FFPROBE } from './machine';

const run = promisify(execFile);

const Probe = z.object({
  format: z.object({ format_name: z.string(), duration: z.string().optional() }),
  streams: z.array(
    z.object({ codec_type: z.string(), codec_name: z.string(), width: z.number().optional(), height: z.number().optional() }),
  ),
  packets: z.array(z.object({ stream_index: z.number(), pts_time: z.string().optional(), duration_time: z.string().optional() })),
});

export interface VideoFacts {
  /** ffprobe's container name: "matroska,webm" for WebM. */
  container: string;
  /** The EBML DocType the file declares (MediaRecorder writes "webm"). */
  docType: string | undefined;
  video: { codec: string; width: number; height: number } | undefined;
  audioCodec: string | undefined;
  /** From the first frame to the end of the last one, in seconds, from every packet ffprobe reads. */
  durationSeconds: number;
  /** The duration the file declares (what players show before reading it all), or undefined when it declares none. */
  declaredSeconds: number | undefined;
  videoFrames: number;
}

/** What ffprobe (Debian's ffmpeg) makes of a video file's bytes: container, codecs and playing time. */
export async function probeVideo(bytes: Buffer): Promise<VideoFacts> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'screenrec-probe-'));
  try {
    const file = path.join(folder, 'video.webm');
    await writeFile(file, bytes);
    const { stdout } = await run(
      FFPROBE,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-show_packets', file],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const probe = Probe.parse(JSON.parse(stdout));
    const videoIndex = probe.streams.findIndex((stream) => stream.codec_type === 'video');
    const videoStream = probe.streams[videoIndex];
    const frames = probe.packets.filter((packet) => packet.stream_index === videoIndex && packet.pts_time !== undefined);
    const times = frames.map((packet) => Number(packet.pts_time));
    const last = frames.at(-1);
    const durationSeconds = frames.length === 0 ? 0 : Math.max(...times) + Number(last?.duration_time ?? 0) - Math.min(...times);
    return {
      container: probe.format.format_name,
      docType: docTypeOf(bytes),
      video:
        videoStream === undefined
          ? undefined
          : { codec: videoStream.codec_name, width: videoStream.width ?? 0, height: videoStream.height ?? 0 },
      audioCodec: probe.streams.find((stream) => stream.codec_type === 'audio')?.codec_name,
      durationSeconds,
      declaredSeconds: probe.format.duration === undefined ? undefined : Number(probe.format.duration),
      videoFrames: frames.length,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** How far a declared length may be from the frames' before a player's time bar visibly lies. */
export const MAX_DECLARED_DRIFT_SECONDS = 0.5;

/**
 * How far the length the WebM declares (what players show before reading it all) is from what its frames last, in
 * seconds; throws when it declares none.
 */
export function declaredLengthDrift(facts: VideoFacts): number {
  if (facts.declaredSeconds === undefined)
    throw new Error('the WebM declares no duration (ffprobe -show_format: duration N/A): players show 0:00 and cannot seek');
  return Math.abs(facts.declaredSeconds - facts.durationSeconds);
}

/** The DocType string of the EBML header at the file's start (element 0x4282), or undefined when there is none. */
function docTypeOf(bytes: Buffer): string | undefined {
  if (!bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return undefined;
  const at = bytes.subarray(0, 64).indexOf(Buffer.from([0x42, 0x82]));
  if (at === -1) return undefined;
  const size = bytes[at + 2]! & 0x7f;
  return bytes.subarray(at + 3, at + 3 + size).toString('latin1');
}
