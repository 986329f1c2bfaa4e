// The media server's UDP receive buffers (ADR 023). Linux gives a socket 208 KiB by default
// (net.core.rmem_default): with six attendees a burst of key frames overflowed it while the event
// loop was forwarding, the kernel dropped up to half of a camera's packets (Udp6RcvbufErrors),
// and pictures froze at every receiver. werift opens the sockets and offers no option for their
// size, so they are widened once its gathering has bound them.
import type { Socket } from 'node:dgram';
import type { RTCPeerConnection } from 'werift';

/** Asked of the kernel per socket; Linux grants at most net.core.rmem_max (4 MiB here). */
const RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

/** werift's ICE connection keeps its candidates' UDP transports in a private field. */
type IceSockets = { protocols?: { transport?: { socket?: Socket } }[] };

/** The bound UDP sockets of the connection's ICE transports. */
export function socketsOf(pc: RTCPeerConnection): Socket[] {
  return pc.iceTransports.flatMap((ice) =>
    ((ice.connection as unknown as IceSockets).protocols ?? []).flatMap((protocol) =>
      protocol.transport?.socket ? [protocol.transport.socket] : [],
    ),
  );
}

/** Widens the connection's receive buffers as soon as its candidates are gathered. */
export function widenReceiveBuffers(pc: RTCPeerConnection, bytes = RECEIVE_BUFFER_BYTES) {
  pc.iceGatheringStateChange.subscribe((state) => {
    if (state !== 'complete') return;
    for (const socket of socketsOf(pc)) {
      try {
        socket.setRecvBufferSize(bytes);
      } catch {
        // Closed already: the connection ended while gathering.
      }
    }
  });
}
