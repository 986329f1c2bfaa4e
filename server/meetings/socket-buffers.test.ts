// The media server's sockets take more than the kernel's default receive buffer (ADR 023): with
// the default, six attendees' key frames overflowed it and pictures froze.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { socketsOf, widenReceiveBuffers } from './socket-buffers';

const sysctl = (name: string) => Number(readFileSync(`/proc/sys/net/core/${name}`, 'utf8'));

/** A connection whose candidates are gathered (its sockets bound). */
async function gathered(pc: RTCPeerConnection) {
  pc.addTransceiver('video', { direction: 'recvonly' });
  const done = new Promise<void>((resolve) =>
    pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()),
  );
  await pc.setLocalDescription(await pc.createOffer());
  await done;
}

describe.runIf(process.platform === 'linux')('widenReceiveBuffers', () => {
  const peers: RTCPeerConnection[] = [];
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((pc) => pc.close()));
  });

  it('gives every socket more than the default once gathered', async () => {
    const widened = new RTCPeerConnection({ iceServers: [] });
    const plain = new RTCPeerConnection({ iceServers: [] });
    peers.push(widened, plain);
    widenReceiveBuffers(widened);
    await Promise.all([gathered(widened), gathered(plain)]);

    const sizes = (pc: RTCPeerConnection) => socketsOf(pc).map((s) => s.getRecvBufferSize());
    expect(sizes(widened).length).toBeGreaterThan(0);
    // Untouched, a socket has rmem_default; asked, Linux grants at most rmem_max and reports
    // twice what it granted.
    const plainSize = sysctl('rmem_default');
    const granted = 2 * Math.min(4 * 1024 * 1024, sysctl('rmem_max'));
    expect(sizes(plain).every((size) => size === plainSize)).toBe(true);
    if (granted > plainSize) expect(sizes(widened).every((size) => size === granted)).toBe(true);
  });
});
