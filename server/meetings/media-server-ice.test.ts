// The media server's end of a connection can fail on its own (ADR 023): werift's consent checks
// (RFC 7675) went unanswered for 30 s on a saturated machine while the browser's end still said
// connected, and nothing was sent on it again (the frozen pictures of six attendees). The server
// asks that browser for a new ICE round, and the same connection carries media again after it.
import { afterEach, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { createMediaServer, type MediaReply } from './media-server';

const room = 'room';
const meetingId = 'meeting';

/**
 * What Chromium does after an ICE restart's answer and werift as the offering browser does not
 * (werift 0.24: while DTLS is up its connect() returns before the checks): start the checks,
 * which nominate a pair again. The server, controlled, is nominated by them.
 */
function startRestartedChecks(pc: RTCPeerConnection) {
  for (const dtls of pc.dtlsTransports) {
    const ice = dtls.iceTransport;
    // Restarted and gathered again ('completed' is werift's word for gathered), none nominated.
    if (dtls.state === 'connected' && !ice.connection.nominated && ice.state === 'completed')
      void ice.start();
  }
}

/** Resolves once `check` holds, looking every 20 ms (the limit is the test's). */
async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("the media server's end of a connection failing", () => {
  const peers: RTCPeerConnection[] = [];
  const opened: RTCPeerConnection[] = [];
  const media = createMediaServer({ onConnection: (pc) => opened.push(pc) });
  const timers: NodeJS.Timeout[] = [];
  afterEach(async () => {
    timers.splice(0).forEach(clearInterval);
    media.close(room);
    await Promise.all(peers.splice(0).map((pc) => pc.close()));
    opened.length = 0;
  });

  /**
   * Attendee `from`'s browser side of its connection for `to` (itself: what it sends), as
   * Chromium makes it: three transceivers, the browser offers, the server answers.
   */
  function browserOf(from: string, to: string) {
    const pc = new RTCPeerConnection({ iceServers: [] });
    peers.push(pc);
    const microphone = new MediaStreamTrack({ kind: 'audio' });
    const sending = from === to;
    pc.addTransceiver(sending ? microphone : 'audio', {
      direction: sending ? 'sendonly' : 'recvonly',
    });
    for (let i = 0; i < 2; i++)
      pc.addTransceiver('video', { direction: sending ? 'sendonly' : 'recvonly' });
    const addressed = { meetingId, fromAttendeeId: from, toAttendeeId: to };
    const replies: MediaReply[] = [];
    const reply = (message: MediaReply) => {
      replies.push(message);
      if (message.type !== 'meeting.mediaSignal') return;
      const { description, candidate } = message.signal;
      if (description)
        void pc.setRemoteDescription(description).then(() => startRestartedChecks(pc));
      if (candidate)
        void pc.addIceCandidate({
          ...candidate,
          sdpMid: candidate.sdpMid ?? undefined,
          sdpMLineIndex: candidate.sdpMLineIndex ?? undefined,
        });
    };
    const owner = `world/${from}`;
    pc.onIceCandidate.subscribe((found) => {
      if (!found) return;
      const { candidate, sdpMid, sdpMLineIndex } = found.toJSON();
      const line = { candidate, sdpMid: sdpMid ?? null, sdpMLineIndex: sdpMLineIndex ?? null };
      void media.signal(room, { ...addressed, candidate: line }, reply, owner);
    });
    let received = 0;
    pc.onTrack.subscribe((track) => {
      if (track.kind === 'audio') track.onReceiveRtp.subscribe(() => void (received += 1));
    });
    return {
      replies,
      received: () => received,
      async offer(iceRestart = false) {
        await pc.setLocalDescription(await pc.createOffer({ iceRestart }));
        const description = { type: 'offer' as const, sdp: pc.localDescription!.sdp };
        await media.signal(room, { ...addressed, description }, reply, owner);
      },
      /** Sends 50 microphone packets a second until the test ends. */
      speak() {
        let sequenceNumber = 0;
        const timer = setInterval(() => {
          sequenceNumber += 1;
          const timestamp = sequenceNumber * 960;
          const header = new RtpHeader({ payloadType: 111, sequenceNumber, timestamp, ssrc: 7 });
          microphone.writeRtp(new RtpPacket(header, Buffer.from([0xf8, 0xff, 0xfe])));
        }, 20);
        timers.push(timer);
      },
    };
  }

  /** The server's end fails as werift's consent expiry leaves it after 30 s without answers. */
  async function consentExpired(pc: RTCPeerConnection) {
    const ice = pc.iceTransports[0]!.connection as unknown as {
      stopConsentLifecycle(): void;
      setState(state: string): void;
    };
    ice.stopConsentLifecycle();
    ice.setState('failed');
    await until(() => pc.connectionState === 'failed');
  }

  it('a receiving connection: the receiver is asked to restart, then hears the publisher again', async () => {
    const a = browserOf('a', 'a');
    a.speak();
    await a.offer();
    const b = browserOf('b', 'a');
    await b.offer();
    await until(() => b.received() > 0);
    const serverEnd = opened[1]!;

    await consentExpired(serverEnd);
    expect(b.replies.filter((r) => r.type === 'meeting.mediaIceRestart')).toEqual([
      { type: 'meeting.mediaIceRestart', meetingId, attendeeId: 'b', peerAttendeeId: 'a' },
    ]);
    expect(a.replies.some((r) => r.type === 'meeting.mediaIceRestart')).toBe(false);

    await b.offer(true);
    const before = b.received();
    await until(() => b.received() > before + 10);
    expect(opened).toHaveLength(2);
  });

  it('a sending connection: the publisher is asked to restart, then is heard again', async () => {
    const a = browserOf('a', 'a');
    a.speak();
    let heard = 0;
    media.tap(room, { rtp: (_publisher, slot) => void (slot === 0 && (heard += 1)), left() {} });
    await a.offer();
    await until(() => heard > 0);

    await consentExpired(opened[0]!);
    expect(a.replies.filter((r) => r.type === 'meeting.mediaIceRestart')).toEqual([
      { type: 'meeting.mediaIceRestart', meetingId, attendeeId: 'a', peerAttendeeId: 'a' },
    ]);

    await a.offer(true);
    const before = heard;
    await until(() => heard > before + 10);
    expect(opened).toHaveLength(1);
  });
});
