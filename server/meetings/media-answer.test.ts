// The media server's answers ask browsers for Opus DTX (ADR 023): a publisher in silence sends
// almost nothing, so the server has almost nothing to decrypt, encrypt and forward.
import { afterEach, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { withOpusDtx } from './media-answer';
import { createMediaServer } from './media-server';

/** Opus and VP8 as Chromium writes them (its fmtp for Opus, none for VP8). */
const chromiumLike = [
  'v=0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=rtpmap:96 VP8/90000',
  '',
].join('\r\n');

describe('withOpusDtx', () => {
  it('adds usedtx=1 to Opus only, once', () => {
    const answer = withOpusDtx(chromiumLike);
    expect(answer).toContain('a=fmtp:111 minptime=10;useinbandfec=1;usedtx=1\r\n');
    expect(answer).toContain('a=fmtp:63 111/111\r\n');
    expect(answer).not.toMatch(/a=fmtp:96/);
    expect(withOpusDtx(answer)).toBe(answer);
  });

  it('writes the format parameters when Opus has none', () => {
    const bare = chromiumLike.replace('a=fmtp:111 minptime=10;useinbandfec=1\r\n', '');
    expect(withOpusDtx(bare)).toContain('a=rtpmap:111 opus/48000/2\r\na=fmtp:111 usedtx=1\r\n');
  });
});

describe('the media server answer', () => {
  const peers: RTCPeerConnection[] = [];
  const media = createMediaServer();
  afterEach(async () => {
    media.close('room');
    await Promise.all(peers.splice(0).map((pc) => pc.close()));
  });

  it('asks the publisher for Opus DTX', async () => {
    const browser = new RTCPeerConnection({ iceServers: [] });
    peers.push(browser);
    browser.addTransceiver('audio', { direction: 'sendonly' });
    browser.addTransceiver('video', { direction: 'sendonly' });
    browser.addTransceiver('video', { direction: 'sendonly' });
    await browser.setLocalDescription(await browser.createOffer());
    const replies: string[] = [];
    await media.signal(
      'room',
      {
        meetingId: 'meeting',
        fromAttendeeId: 'a',
        toAttendeeId: 'a',
        description: { type: 'offer', sdp: browser.localDescription!.sdp },
      },
      (reply) => {
        if (reply.type === 'meeting.mediaSignal' && reply.signal.description?.type === 'answer')
          replies.push(reply.signal.description.sdp);
      },
      'owner',
    );
    expect(replies).toHaveLength(1);
    const opus = /^a=rtpmap:(\d+) opus\//im.exec(replies[0]!)?.[1];
    expect(opus).toBeDefined();
    expect(replies[0]).toMatch(new RegExp(`^a=fmtp:${opus} .*usedtx=1`, 'm'));
  });
});
