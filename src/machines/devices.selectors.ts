// What the pages read from the device machine's snapshot, and its event for a realtime message.
import { deviceErrorMessage, devicesOf } from '../domain/meeting-session';
import type { RealtimeServerMessage } from '../domain/realtime';
import { micOn, videoOut, type DevicesEvent, type DevicesSnapshot } from './devices.machine';

/** Listen-only: no microphone or camera (denied, none, busy or failed); joining is still allowed. */
export function isListenOnly(snapshot: DevicesSnapshot): boolean {
  return snapshot.matches('unavailable');
}

/** False while the permission is being checked or the browser's prompt is open. */
export function canJoin(snapshot: DevicesSnapshot): boolean {
  return snapshot.matches('active') || snapshot.matches('unavailable');
}

/** The permission is being checked (before any prompt). */
export const isChecking = (snapshot: DevicesSnapshot): boolean => snapshot.matches('checking');

/** The browser's permission prompt is open. */
export const isAsking = (snapshot: DevicesSnapshot): boolean => snapshot.matches('asking');

/** Let go while the visitor watches the stage (ADR 026): opened again when watching stops. */
export const isReleased = (snapshot: DevicesSnapshot): boolean => snapshot.matches('released');

/** Being opened (the permission check or the browser's prompt): nothing to switch yet. */
export const isOpening = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches('checking') || snapshot.matches('asking');

/** The microphone and camera are open (or being switched): the controls are live. */
export const isActive = (snapshot: DevicesSnapshot): boolean => snapshot.matches('active');

export const isCameraOn = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches({ active: { camera: 'on' } });

export const isCameraOpening = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches({ active: { camera: 'opening' } });

/** The camera is held by another application: retrying may free it. */
export const isCameraBusy = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches({ active: { camera: 'busy' } });

export const isSharingScreen = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches({ active: { screen: 'sharing' } });

/** One's own screen while it is shared (shown to oneself in the main area). */
export const ownShareStream = (snapshot: DevicesSnapshot): MediaStream | null =>
  isSharingScreen(snapshot) ? snapshot.context.screenStream : null;

export const canShareScreen = (snapshot: DevicesSnapshot): boolean =>
  snapshot.can({ type: 'devices.screenStart' });

export const isMicSwitching = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches({ active: { mic: 'switching' } });

/** Why the microphone is off although the visitor may want it on: the UI says so. */
export type BlockedReason = 'forced' | 'noDevice' | null;

export function micBlockedReason(snapshot: DevicesSnapshot): BlockedReason {
  if (snapshot.context.micForceDisabled) return 'forced';
  return snapshot.context.micStream === null ? 'noDevice' : null;
}

export function videoBlockedReason(snapshot: DevicesSnapshot): BlockedReason {
  if (snapshot.context.videoForceDisabled) return 'forced';
  return snapshot.matches('active') && devicesOf(snapshot.context.devices, 'videoinput').length > 0
    ? null
    : 'noDevice';
}

/** The microphone is heard: on, not forced off, and open. */
export function isMicOn(snapshot: DevicesSnapshot): boolean {
  return micOn(snapshot.context);
}

/** The message for the current device error (Japanese, with how to fix it), or null. */
export function deviceErrorOf(snapshot: DevicesSnapshot): string | null {
  return snapshot.context.deviceError ? deviceErrorMessage(snapshot.context.deviceError) : null;
}

/** The device machine's event for a realtime message, or null when it is not about devices. */
export function devicesEventFromRealtime(message: RealtimeServerMessage): DevicesEvent | null {
  return message.type === 'meeting.forceDevice'
    ? { type: 'devices.forced', device: message.device, disabled: message.disabled }
    : null;
}

/** The chosen virtual background (none after one failed). */
export const backgroundOf = (snapshot: DevicesSnapshot) => snapshot.context.background;

/** The background's model is loading: the preview and the meeting have no video meanwhile. */
export const isBackgroundStarting = (snapshot: DevicesSnapshot): boolean =>
  snapshot.matches({ active: { background: { processing: 'starting' } } });

/** The camera as the meeting gets it: processed when a background is on. */
export const previewStream = (snapshot: DevicesSnapshot): MediaStream | null =>
  videoOut(snapshot.context);
