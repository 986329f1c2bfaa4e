// A publisher's key frames asked for by the media server (ADR 023, 026): a receiver can decode
// nothing until a key frame reaches it, and the browser drops a picture-loss request that comes
// soon after its last key frame (libwebrtc keeps ~300 ms between them). So a request stands until
// a key frame arrives: a burst of watchers connecting to the stage asks once, and a request the
// browser dropped is asked again after RETRY_MS, a few times at most.
import { type RtpPacket, Vp8RtpPayload } from 'werift';

/** Longer than the browser's gap between key frames, so that the repeated request is heard. */
export const RETRY_MS = 350;
/** Repeats of an unanswered request (a camera turned off sends nothing to answer with). */
export const RETRIES = 4;

/** The first packet of a VP8 key frame. */
export function isKeyFrameStart(rtp: RtpPacket): boolean {
  const vp8 = Vp8RtpPayload.deSerialize(rtp.payload);
  return vp8.payloadHeaderExist && vp8.isKeyframe;
}

/** One publisher's standing key frame requests, per slot. */
export class KeyFrameRequests {
  private readonly pending = new Map<number, ReturnType<typeof setTimeout>>();

  /** `send` asks the publisher for a key frame of the slot (a picture-loss indication). */
  constructor(private readonly send: (slot: number) => void) {}

  /** A receiver needs a key frame of the slot: asked now, unless a request already stands. */
  request(slot: number) {
    if (!this.pending.has(slot)) this.ask(slot, RETRIES);
  }

  /** A packet of the slot arrived: a key frame answers the standing request. */
  received(slot: number, rtp: RtpPacket) {
    const timer = this.pending.get(slot);
    if (timer === undefined || !isKeyFrameStart(rtp)) return;
    clearTimeout(timer);
    this.pending.delete(slot);
  }

  /** The publisher left: nothing more to ask. */
  close() {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private ask(slot: number, retries: number) {
    this.send(slot);
    const timer = setTimeout(() => {
      this.pending.delete(slot);
      if (retries > 0) this.ask(slot, retries - 1);
    }, RETRY_MS);
    timer.unref?.();
    this.pending.set(slot, timer);
  }
}
