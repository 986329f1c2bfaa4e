// The provider the server chose for the space: the join answer says `sfu` (the local media
// server) or `local` (the WebRTC mesh; one session class serves both, ADR 023: by default the mesh
// for a space of up to 3 seats, the media server for a larger one and every stage) or `chime`
// (when the server has AWS configured). The meeting statechart takes one provider before
// joining, so this one picks per join. The Chime SDK is only downloaded when a join asks for it.
import type { RealtimeClient } from '../realtime/realtime-client';
import { createChimeProvider } from './chime';
import { createLocalMeshProvider, type LocalMeshDeps } from './local-mesh';
import type { MeetingProvider } from './provider';

export function createMeetingProvider(
  deps: LocalMeshDeps & { realtime: Pick<RealtimeClient, 'send' | 'subscribe'> },
): MeetingProvider {
  const local = createLocalMeshProvider(deps);
  let chime: MeetingProvider | null = null;
  return {
    // The default deployment's; each session follows its join answer.
    name: 'local',
    createSession(join) {
      if (join.provider !== 'chime') return local.createSession(join);
      chime ??= createChimeProvider();
      return chime.createSession(join);
    },
  };
}
