import type { InputDevice } from '../domain/meeting-session';

// Example devices for the devices machine's unit and path tests: two microphones, two cameras and
// a speaker. Streams are stand-ins carried by the machine, never played.

export const stream = (id: string) => ({ id }) as unknown as MediaStream;
export const device = (deviceId: string, kind: InputDevice['kind']): InputDevice => ({
  deviceId,
  kind,
  label: deviceId,
});
export const mic1 = device('mic-1', 'audioinput');
export const mic2 = device('mic-2', 'audioinput');
export const cam1 = device('cam-1', 'videoinput');
export const cam2 = device('cam-2', 'videoinput');
export const speaker = device('speaker-1', 'audiooutput');
export const all = [mic1, mic2, cam1, cam2, speaker];
