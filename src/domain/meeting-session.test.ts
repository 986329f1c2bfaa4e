import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION_STATE,
  defaultDeviceState,
  defaultMeetingState,
  deviceErrorMessage,
  fallbackDevice,
  isPermissionError,
  isReportedStatus,
  isUnplugged,
  joinFailureOf,
  MEETING_MESSAGES,
  MEETING_STATUS_NAMES,
  MEETING_STATUS_RULES,
  restoredChoice,
  statusOutcome,
  type InputDevice,
  type MediaDeviceRole,
  type MediaErrorKind,
} from './meeting-session';

describe('session state defaults (docs/product.md §3)', () => {
  it('has the defaults of docs/product.md §3, defined once and split between the two machines', () => {
    expect(DEFAULT_SESSION_STATE).toMatchObject({
      videoEnabled: true,
      micEnabled: true,
      videoForceDisabled: false,
      micForceDisabled: false,
      watchingLiveMode: 'notWatching',
      highFrameRateMode: false,
      highFrameRateBandwidth: 5000,
      photographDisabled: false,
      screenSharing: false,
      deviceError: null,
    });
    expect({ ...defaultDeviceState(), ...defaultMeetingState() }).toEqual(DEFAULT_SESSION_STATE);
  });
});

describe('meeting status rules', () => {
  it('maps every status name the provider reports, and nothing else', () => {
    expect(Object.keys(MEETING_STATUS_RULES).sort()).toEqual([...MEETING_STATUS_NAMES].sort());
  });

  it.each([
    ['Left', 'left'],
    ['OK', 'left'],
    ['MeetingEnded', 'ended'],
    ['NoAttendeePresent', 'ended'],
    ['AudioAttendeeRemoved', 'kicked'],
    ['AudioJoinedFromAnotherDevice', 'joinedElsewhere'],
    ['AudioCallAtCapacity', 'full'],
    ['ConnectionHealthReconnect', 'reconnect'],
    ['AudioAuthenticationRejected', 'failed'],
    ['Unknown', 'failed'],
  ] as const)('%s → %s', (status, outcome) => {
    expect(statusOutcome(status)).toBe(outcome);
  });

  it('does not report what docs/product.md §8 excludes: disconnected, failed to connect, meeting ended', () => {
    const notReported = MEETING_STATUS_NAMES.filter((name) => !isReportedStatus(name));
    expect(notReported.sort()).toEqual(
      [
        'OK',
        'Left',
        'AudioJoinedFromAnotherDevice',
        'AudioCallAtCapacity',
        'MeetingEnded',
        'AudioAttendeeRemoved',
        'AudioServiceUnavailable',
        'AudioDisconnected',
        'SignalingRequestFailed',
        'ConnectionHealthReconnect',
        'TaskFailed',
        'ICEGatheringTimeoutWorkaround',
        'NoAttendeePresent',
      ].sort(),
    );
    expect(MEETING_STATUS_RULES.AudioDisconnected.notReportedBecause).toBe('disconnected');
    expect(MEETING_STATUS_RULES.MeetingEnded.notReportedBecause).toBe('meetingEnded');
    expect(MEETING_STATUS_RULES.SignalingRequestFailed.notReportedBecause).toBe('failedToConnect');
  });

  it('reports the failures that are a defect', () => {
    for (const status of [
      'AudioAuthenticationRejected',
      'AudioInternalServerError',
      'SignalingBadRequest',
      'RealtimeApiFailed',
      'TURNCredentialsForbidden',
      'Unknown',
    ] as const) {
      expect(isReportedStatus(status), status).toBe(true);
    }
  });
});

describe('joinFailureOf', () => {
  it("keeps the server's message of a 422 (the world is full)", () => {
    expect(joinFailureOf({ status: 422, messages: ['満員です。'] })).toEqual({
      full: true,
      message: '満員です。',
    });
    expect(joinFailureOf({ status: 422, errors: ['満員です。'] })).toEqual({
      full: true,
      message: '満員です。',
    });
  });

  it('falls back to our messages', () => {
    expect(joinFailureOf({ status: 422 })).toEqual({ full: true, message: MEETING_MESSAGES.full });
    expect(joinFailureOf({ status: 500, messages: [''] })).toEqual({
      full: false,
      message: MEETING_MESSAGES.failed,
    });
    expect(joinFailureOf(new TypeError('Failed to fetch'))).toEqual({
      full: false,
      message: MEETING_MESSAGES.failed,
    });
    expect(joinFailureOf(null)).toEqual({ full: false, message: MEETING_MESSAGES.failed });
  });
});

describe('device error messages', () => {
  const kinds: MediaErrorKind[] = [
    'deniedByUser',
    'blockedByBrowser',
    'blockedBySystem',
    'notFound',
    'busy',
    'failed',
  ];
  const roles: MediaDeviceRole[] = ['media', 'mic', 'camera', 'screen'];

  it('has a Japanese message for every kind and device, and none for a cancelled picker', () => {
    for (const kind of kinds)
      for (const device of roles)
        expect(deviceErrorMessage({ kind, device }), `${kind} ${device}`).toMatch(/[ぁ-ん]/);
    expect(deviceErrorMessage({ kind: 'cancelled', device: 'screen' })).toBeNull();
  });

  it('tells how to fix a refusal: the address bar for the browser, the OS settings for the system', () => {
    expect(deviceErrorMessage({ kind: 'deniedByUser', device: 'media' })).toContain('アドレスバー');
    expect(deviceErrorMessage({ kind: 'blockedByBrowser', device: 'camera' })).toContain(
      'ブラウザーでブロック',
    );
    expect(deviceErrorMessage({ kind: 'blockedBySystem', device: 'mic' })).toContain(
      'システム設定 > プライバシーとセキュリティ',
    );
  });

  it('offers listen-only when the microphone and camera cannot be used', () => {
    expect(deviceErrorMessage({ kind: 'deniedByUser', device: 'media' })).toContain(
      '聞くだけで参加',
    );
    expect(deviceErrorMessage({ kind: 'notFound', device: 'media' })).toContain('聞くだけで参加');
  });

  it('counts only refusals as permission errors', () => {
    expect(kinds.filter(isPermissionError)).toEqual([
      'deniedByUser',
      'blockedByBrowser',
      'blockedBySystem',
    ]);
  });
});

describe('device choices', () => {
  const d = (deviceId: string, kind: InputDevice['kind'] = 'videoinput'): InputDevice => ({
    deviceId,
    kind,
    label: deviceId,
  });

  it('restores a stored choice only when the device is present', () => {
    expect(restoredChoice([d('cam-1'), d('cam-2')], 'videoinput', 'cam-2')).toBe('cam-2');
    expect(restoredChoice([d('cam-1')], 'videoinput', 'cam-2')).toBeNull();
    expect(restoredChoice([d('cam-2', 'audioinput')], 'videoinput', 'cam-2')).toBeNull();
  });

  it('keeps the active device, else the default, else the first remaining, else none', () => {
    expect(fallbackDevice([d('cam-1'), d('cam-2')], 'videoinput', 'cam-2')).toBe('cam-2');
    expect(fallbackDevice([d('cam-1'), d('default')], 'videoinput', 'gone')).toBe('default');
    expect(fallbackDevice([d('cam-1'), d('cam-2')], 'videoinput', 'gone')).toBe('cam-1');
    expect(fallbackDevice([d('mic-1', 'audioinput')], 'videoinput', 'gone')).toBeNull();
  });

  it('ignores the unlabelled entries listed before permission is granted', () => {
    expect(fallbackDevice([d('')], 'videoinput', null)).toBeNull();
  });

  it('calls a device unplugged only when one was in use and it is gone', () => {
    expect(isUnplugged([d('cam-2')], 'videoinput', 'cam-1')).toBe(true);
    expect(isUnplugged([d('cam-1')], 'videoinput', 'cam-1')).toBe(false);
    expect(isUnplugged([], 'videoinput', null)).toBe(false);
  });
});
