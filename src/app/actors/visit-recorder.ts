// Records what a visitor does in the world (docs/product.md §インサイト, ADR 033): the meeting's
// and the devices' snapshots are compared as they change, the uploader sends the actions.
import type { ActorRefFrom } from 'xstate';
import { actionsBetween, OUTSIDE, type VisitState } from '../../domain/user-actions';
import type { devicesMachine } from '../../machines/devices.machine';
import { isCameraOn, isMicOn, isSharingScreen } from '../../machines/devices.selectors';
import type { meetingMachine } from '../../machines/meeting.machine';
import { isInMeeting, isOutcome, isWatching, meetingPhase } from '../../machines/meeting.selectors';
import type { ApiClient } from '../../services/api/client';
import { presignActionBatch } from '../../services/user-actions/action-api';
import {
  createActionUploader,
  type ActionUploader,
} from '../../services/user-actions/action-uploader';

export function createVisitRecorder(
  api: ApiClient,
  worldId: string,
  uploader: ActionUploader = createActionUploader({
    presign: (byteSize) => presignActionBatch(api, worldId, byteSize),
    send: (url, init) => fetch(url, init),
    now: () => new Date(),
    every: (ms, run) => {
      const timer = setInterval(run, ms);
      return () => clearInterval(timer);
    },
    onPageHide: (run) => {
      // Outside a browser (the world system's unit tests) no page hides.
      if (typeof window === 'undefined') return () => {};
      window.addEventListener('pagehide', run);
      return () => window.removeEventListener('pagehide', run);
    },
  }),
) {
  let last: VisitState = OUTSIDE;
  const move = (next: VisitState) => {
    actionsBetween(last, next).forEach((type) => uploader.record(type));
    last = next;
  };
  const leave = () => move(OUTSIDE);

  return {
    record: uploader.record,

    /** Follows the visit until the returned function is called (which records leaving). */
    follow(
      meeting: ActorRefFrom<typeof meetingMachine>,
      devices: ActorRefFrom<typeof devicesMachine>,
    ): () => void {
      const observe = () => {
        const m = meeting.getSnapshot();
        const d = devices.getSnapshot();
        const phase = meetingPhase(m);
        if (isInMeeting(m))
          move({
            spaceId: m.context.join?.spaceId ?? null,
            watching: isWatching(m),
            micOn: isMicOn(d),
            cameraOn: isCameraOn(d),
            sharing: isSharingScreen(d),
          });
        // Between two meetings (a move joins the next space's) the visit goes on.
        else if (phase === 'gate' || isOutcome(phase)) leave();
      };
      const subscriptions = [meeting.subscribe(observe), devices.subscribe(observe)];
      uploader.start(leave);
      return () => {
        subscriptions.forEach((s) => s.unsubscribe());
        leave();
        uploader.stop();
        void uploader.flush();
      };
    },
  };
}
