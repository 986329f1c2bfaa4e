// Test support: a peer connection with just what MeshPeer touches, for tests without WebRTC.

/** A sender that keeps what setParameters was given. */
class FakeSender {
  track: MediaStreamTrack | null = null;
  parameters = { encodings: [{ active: true } as RTCRtpEncodingParameters] };
  calls = 0;
  getParameters() {
    return structuredClone(this.parameters);
  }
  async setParameters(parameters: { encodings: RTCRtpEncodingParameters[] }) {
    this.calls += 1;
    this.parameters = structuredClone(parameters);
  }
  async replaceTrack(track: MediaStreamTrack | null) {
    this.track = track;
  }
}

/** The initiator's peer connection: three transceivers (microphone, camera, content share). */
export function fakePeerConnection() {
  const transceivers: { mid: null; direction: string; sender: FakeSender }[] = [];
  let iceRestarts = 0;
  const pc = {
    addTransceiver: (_kind: string, init: { direction: string }) => {
      transceivers.push({ mid: null, direction: init.direction, sender: new FakeSender() });
    },
    getTransceivers: () => transceivers,
    restartIce: () => void (iceRestarts += 1),
    close() {},
  };
  return {
    pc: pc as unknown as RTCPeerConnection,
    senders: () => transceivers.map((t) => t.sender),
    iceRestarts: () => iceRestarts,
  };
}
