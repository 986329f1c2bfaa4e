// The world's latest recording read through the API, and its file played in a page.
import type { Page } from 'playwright-core';
import { ownerSession } from '../meeting-helpers';
import { api } from './api';

/**
 * The newest recording of the world as the API lists it to the demo owner (signed in afresh: a
 * browser rotates the suite's tokens), and the duration and picture size of its file as a
 * `<video>` of `page` loads it from the signed URL.
 */
export async function latestRecordingPlayed(page: Page, url: string, worldId: string) {
  const { auth } = await ownerSession(url);
  const list = await api(url, `/api/worlds/${worldId}/chime_meeting_recordings?page=1&perPage=20`, {
    headers: auth,
  });
  if (list.status !== 200)
    throw new Error(`recordings: ${list.status} ${JSON.stringify(list.json)}`);
  const recording = list.json.items[0] as {
    id: string;
    status: string;
    durationSeconds: number;
    byteSize: number;
  };
  const signed = await api(url, `/api/worlds/${worldId}/chime_meeting_recording_urls`, {
    method: 'POST',
    headers: auth,
    body: { recordingId: recording.id },
  });
  if (signed.status !== 201)
    throw new Error(`signed URL: ${signed.status} ${JSON.stringify(signed.json)}`);
  const played = await page.evaluate(async (src: string) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = src;
    document.body.append(video);
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
    });
    return { duration: video.duration, width: video.videoWidth, height: video.videoHeight };
  }, signed.json.url as string);
  return { recording, played };
}
