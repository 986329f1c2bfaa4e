import type { InputDevice } from '../domain/meeting-session';
import { MediaAccessError, type MediaAdapter, type OpenedMedia } from '../services/meeting/devices';
import { devicesMachine, type DevicesEvent, type DevicesSnapshot } from './devices.machine';
import { definePaths } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

// The replay spies every effect on the browser: these stand-ins are only carried in the context.
const media = { name: 'media' } as unknown as MediaAdapter;
const stream = (id: string) => ({ id }) as unknown as MediaStream;
const device = (deviceId: string, kind: InputDevice['kind']): InputDevice => ({ deviceId, kind, label: deviceId });

const mic1 = device('mic-1', 'audioinput');
const mic2 = device('mic-2', 'audioinput');
const cam1 = device('cam-1', 'videoinput');
const cam2 = device('cam-2', 'videoinput');
const speaker = device('speaker-1', 'audiooutput');
const all = [mic1, mic2, cam1, cam2, speaker];

const opened: OpenedMedia = {
  mic: { stream: stream('mic-1'), deviceId: 'mic-1' },
  camera: { stream: stream('cam-1'), deviceId: 'cam-1' },
  devices: all,
};
const micOnly: OpenedMedia = { mic: opened.mic, camera: null, devices: [mic1, speaker] };
const failure = (kind: MediaAccessError['kind']) => new MediaAccessError(kind, null);

// The device machine runs four regions over a dozen independent fields; every combination would
// be millions of states. A path changes one concern at a time (the microphone, the camera, the
// screen, the device list or the first request's error) and within it each toggle goes one way
// and back: enough to take every transition, also the ones that meet another concern's state
// (forced off while the camera opens, a second devicechange while listing).
type Concern = 'mic' | 'camera' | 'screen' | 'list' | 'media';

function concernsChanged(snapshot: DevicesSnapshot): Set<Concern> {
  const c = snapshot.context;
  const out = new Set<Concern>();
  if (c.deviceError) out.add(c.deviceError.device === 'mic' ? 'mic' : c.deviceError.device === 'camera' ? 'camera' : c.deviceError.device === 'screen' ? 'screen' : 'media');
  if (!c.micEnabled || c.micForceDisabled || c.audioInputId !== 'mic-1' || snapshot.matches({ active: { mic: 'switching' } })) out.add('mic');
  const cameraAtRest = snapshot.matches({ active: { camera: 'on' } }) || !snapshot.matches('active');
  if (!c.videoEnabled || c.videoForceDisabled || c.videoInputId !== 'cam-1' || !cameraAtRest) out.add('camera');
  if (c.screenSharing || snapshot.matches({ active: { screen: 'choosing' } })) out.add('screen');
  if (c.devices.length !== 0 && c.devices.length !== all.length) out.add('list');
  if (snapshot.matches({ active: { list: 'enumerating' } })) out.add('list');
  return out;
}

function concernOf(snapshot: DevicesSnapshot, event: DevicesEvent): Concern | null {
  switch (event.type) {
    case 'devices.micOn':
    case 'devices.micOff':
    case 'devices.micChosen':
      return 'mic';
    case 'devices.videoOn':
    case 'devices.videoOff':
    case 'devices.cameraChosen':
      return 'camera';
    case 'devices.forced':
      return event.device === 'mic' ? 'mic' : 'camera';
    case 'devices.screenStart':
    case 'devices.screenStop':
    case 'devices.screenEnded':
      return 'screen';
    case 'devices.changed':
      return snapshot.matches('active') ? 'list' : 'media';
    case 'devices.retry':
      return snapshot.matches('active') ? 'camera' : 'media';
    case 'devices.errorDismissed': {
      const device = snapshot.context.deviceError?.device;
      return device === 'mic' || device === 'camera' || device === 'screen' ? device : 'media';
    }
    default:
      return null;
  }
}

/** Each toggle one way and back; a choice made once, and the path ends at the other device. */
function worthTrying(snapshot: DevicesSnapshot, event: DevicesEvent): boolean {
  const c = snapshot.context;
  if (c.videoInputId === 'cam-2' && concernOf(snapshot, event) === 'camera') return false;
  switch (event.type) {
    case 'devices.micOn':
      return !c.micEnabled;
    case 'devices.micOff':
      return c.micEnabled && !c.micForceDisabled;
    case 'devices.videoOn':
      return !c.videoEnabled;
    case 'devices.videoOff':
      return c.videoEnabled;
    case 'devices.forced':
      return event.disabled ? !(event.device === 'mic' ? c.micForceDisabled : c.videoForceDisabled) : c.videoForceDisabled;
    case 'devices.micChosen':
      return c.audioInputId === 'mic-1';
    case 'devices.cameraChosen':
      return c.videoInputId === 'cam-1';
    case 'devices.changed':
      return c.devices.length === all.length || snapshot.matches({ active: { list: 'enumerating' } }) || !snapshot.matches('active');
    case 'devices.errorDismissed':
      return c.deviceError !== null;
    default:
      return true;
  }
}

export const paths = definePaths(devicesMachine, {
  input: { media, stored: { audioInputId: 'mic-1', videoInputId: 'cam-1', audioOutputId: 'speaker-1' } },
  events: [
    { label: 'もう一度試す', event: { type: 'devices.retry' } },
    { label: 'マイクをオン', event: { type: 'devices.micOn' } },
    { label: 'マイクをオフ', event: { type: 'devices.micOff' } },
    { label: 'カメラをオン', event: { type: 'devices.videoOn' } },
    { label: 'カメラをオフ', event: { type: 'devices.videoOff' } },
    { label: 'マイクを強制オフ', event: { type: 'devices.forced', device: 'mic', disabled: true } },
    { label: 'カメラを強制オフ', event: { type: 'devices.forced', device: 'video', disabled: true } },
    { label: 'カメラの強制オフを解除', event: { type: 'devices.forced', device: 'video', disabled: false } },
    { label: 'マイク2を選ぶ', event: { type: 'devices.micChosen', deviceId: 'mic-2' } },
    { label: 'カメラ2を選ぶ', event: { type: 'devices.cameraChosen', deviceId: 'cam-2' } },
    { label: 'スピーカーを選ぶ', event: { type: 'devices.speakerChosen', deviceId: 'speaker-1' } },
    { label: '画面共有を始める', event: { type: 'devices.screenStart' } },
    { label: '画面共有を止める', event: { type: 'devices.screenStop' } },
    { label: 'ブラウザーの「共有を停止」', event: { type: 'devices.screenEnded' } },
    { label: 'デバイスが抜き差しされた', event: { type: 'devices.changed' } },
    { label: 'エラーを閉じる', event: { type: 'devices.errorDismissed' } },
    { label: 'ページを離れる', event: { type: 'devices.close' } },
  ],
  outcomes: {
    checkPermission: [
      { label: '許可済み', output: 'granted' },
      { label: 'ブラウザーでブロック済み', output: 'denied' },
      { label: 'Permissions API なし', error: new Error('unsupported') },
    ],
    openMedia: [
      { label: 'マイクとカメラを開けた', output: opened },
      { label: 'マイクだけ開けた（カメラなし）', output: micOnly },
      { label: 'ユーザーが拒否した', error: failure('deniedByUser') },
      { label: 'デバイスがない', error: failure('notFound') },
      { label: 'ほかのアプリが使用中', error: failure('busy') },
      { label: '開けなかった', error: failure('failed') },
    ],
    openMic: [
      { label: 'マイク2を開けた', output: { stream: stream('mic-2'), deviceId: 'mic-2' } },
      { label: 'マイクが残っていない', error: failure('notFound') },
    ],
    openCamera: [
      { label: 'カメラ2を開けた', output: { stream: stream('cam-2'), deviceId: 'cam-2' } },
      { label: 'カメラがほかのアプリで使用中', error: failure('busy') },
      { label: 'カメラを開けなかった', error: failure('failed') },
    ],
    openScreen: [
      { label: '画面を選んだ', output: stream('screen') },
      { label: '選択をキャンセルした', error: failure('cancelled') },
      { label: 'OSが画面収録を許可していない', error: failure('blockedBySystem') },
    ],
    listDevices: [
      { label: 'マイク1が抜かれた', output: [mic2, cam1, cam2, speaker] },
      { label: 'カメラ1が抜かれた', output: [mic1, mic2, cam2, speaker] },
      { label: 'カメラがすべて抜かれた', output: [mic1, mic2, speaker] },
      { label: '一覧を読めなかった', error: new Error('enumerateDevices failed') },
    ],
  },
  filterEvents: (snapshot, event) => {
    // closed is final: the actor is done and takes no more events.
    if (snapshot.status === 'done' || !worthTrying(snapshot, event)) return false;
    const concern = concernOf(snapshot, event);
    const changed = concernsChanged(snapshot);
    // Closing, choosing the speaker: from a settled active state (closing also before it).
    if (concern === null) return changed.size === 0 && (snapshot.matches('active') || (event.type === 'devices.close' && snapshot.matches('checking')));
    // Outside the active state only the first request's concerns.
    if (!snapshot.matches('active') && concern !== 'media') return false;
    return [...changed].every((other) => other === concern);
  },
  labels: {
    machine: 'マイク・カメラ・画面共有',
    states: {
      checking: '許可を確認中',
      asking: '許可を求めている',
      unavailable: '聞くだけ（マイク・カメラなし）',
      'unavailable.denied': '許可されていない',
      'unavailable.noDevice': 'デバイスがない',
      'unavailable.busy': 'ほかのアプリが使用中',
      'unavailable.failed': '開けなかった',
      active: '使用中',
      'active.mic': 'マイク',
      'active.mic.ready': 'マイク準備完了',
      'active.mic.switching': 'マイクを切り替え中',
      'active.camera': 'カメラ',
      'active.camera.starting': 'カメラの状態を確認',
      'active.camera.off': 'カメラオフ',
      'active.camera.opening': 'カメラを開いている',
      'active.camera.on': 'カメラオン',
      'active.camera.busy': 'カメラがほかのアプリで使用中',
      'active.screen': '画面共有',
      'active.screen.idle': '画面共有なし',
      'active.screen.choosing': '共有する画面を選択中',
      'active.screen.sharing': '画面を共有中',
      'active.list': 'デバイス一覧',
      'active.list.idle': 'デバイス一覧は最新',
      'active.list.enumerating': 'デバイス一覧を読み込み中',
      closed: '終了',
    },
    events: {
      'devices.retry': 'もう一度試す',
      'devices.micOn': 'マイクをオン',
      'devices.micOff': 'マイクをオフ',
      'devices.videoOn': 'カメラをオン',
      'devices.videoOff': 'カメラをオフ',
      'devices.forced': '強制オフ・解除',
      'devices.micChosen': 'マイクを選ぶ',
      'devices.cameraChosen': 'カメラを選ぶ',
      'devices.speakerChosen': 'スピーカーを選ぶ',
      'devices.screenStart': '画面共有を始める',
      'devices.screenStop': '画面共有を止める',
      'devices.screenEnded': 'ブラウザーが共有を終えた',
      'devices.changed': 'デバイスが抜き差しされた',
      'devices.listUpdated': 'デバイス一覧が更新された',
      'devices.errorDismissed': 'エラーを閉じる',
      'devices.close': 'ページを離れる',
    },
  },
});
