import { MediaAccessError, type OpenedInput, type OpenedMedia } from '../services/meeting/devices';
import { all, cam1, cam2, mic1, mic2, speaker, stream } from './devices.examples';
import { devicesMachine, type DevicesEvent, type DevicesSnapshot } from './devices.machine';
import {
  deviceErrorOf,
  isCameraOn,
  isMicOn,
  micBlockedReason,
  videoBlockedReason,
} from './devices.selectors';
import { definePaths, effect, sees, type Expected, type OracleEvent } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

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
type Concern = 'mic' | 'camera' | 'background' | 'screen' | 'list' | 'media';

function concernsChanged(snapshot: DevicesSnapshot): Set<Concern> {
  const c = snapshot.context;
  const out = new Set<Concern>();
  if (c.deviceError?.kind === 'backgroundFailed') out.add('background');
  else if (c.deviceError)
    out.add(
      c.deviceError.device === 'mic'
        ? 'mic'
        : c.deviceError.device === 'camera'
          ? 'camera'
          : c.deviceError.device === 'screen'
            ? 'screen'
            : 'media',
    );
  if (
    !c.micEnabled ||
    c.micForceDisabled ||
    c.audioInputId !== 'mic-1' ||
    snapshot.matches({ active: { mic: 'switching' } })
  )
    out.add('mic');
  const cameraAtRest =
    snapshot.matches({ active: { camera: 'on' } }) || !snapshot.matches('active');
  if (!c.videoEnabled || c.videoForceDisabled || c.videoInputId !== 'cam-1' || !cameraAtRest)
    out.add('camera');
  if (c.background.kind !== 'none' || snapshot.matches({ active: { background: 'processing' } }))
    out.add('background');
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
    case 'devices.backgroundChosen':
    case 'devices.backgroundFailed':
      return 'background';
    case 'devices.changed':
      return snapshot.matches('active') ? 'list' : 'media';
    case 'devices.retry':
      return snapshot.matches('active') ? 'camera' : 'media';
    case 'devices.errorDismissed': {
      if (snapshot.context.deviceError?.kind === 'backgroundFailed') return 'background';
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
    case 'devices.forced': {
      const forced = event.device === 'mic' ? c.micForceDisabled : c.videoForceDisabled;
      return event.disabled ? !forced : forced;
    }
    case 'devices.micChosen':
      return c.audioInputId === 'mic-1';
    case 'devices.cameraChosen':
      return c.videoInputId === 'cam-1';
    case 'devices.changed':
      return (
        c.devices.length === all.length ||
        snapshot.matches({ active: { list: 'enumerating' } }) ||
        !snapshot.matches('active')
      );
    case 'devices.errorDismissed':
      return c.deviceError !== null;
    // Blur or an image from none, and back to none; a failure only of one that runs.
    case 'devices.backgroundChosen':
      return (event.choice.kind === 'none') !== (c.background.kind === 'none');
    case 'devices.backgroundFailed':
      return snapshot.matches({ active: { background: { processing: 'running' } } });
    default:
      return true;
  }
}

const showsDeviceError = (snapshot: DevicesSnapshot) => deviceErrorOf(snapshot) !== null;

// For the oracles: what an event carries, read as a person reads the event.
const outputOf = (e: OracleEvent) => (e as unknown as { output: OpenedMedia & OpenedInput }).output;
const deviceIdOf = (e: OracleEvent) => (e as { deviceId?: string | null }).deviceId ?? null;
/** The camera stops: let go, and the meeting sees none. */
const cameraStops: Expected = {
  effects: ['release'],
  emits: [{ type: 'meeting.videoInputChanged', stream: null }],
};
/** Watching: the meeting has no microphone, camera or screen (nothing left open). */
const watchingReleases: Expected = {
  emits: [
    { type: 'meeting.audioInputChanged', stream: null },
    { type: 'meeting.videoInputChanged', stream: null },
    { type: 'meeting.micChanged', on: false },
    { type: 'meeting.contentShareChanged', stream: null },
  ],
};
const forest = {
  kind: 'image',
  id: 'forest',
  name: '森',
  imageUrl: '/virtual-backgrounds/forest.svg',
} as const;
/** A background that cannot run: the plain camera again, and the visitor is told. */
const fallsBack = (camera: string | null): Expected => ({
  emits: [{ type: 'meeting.videoInputChanged', stream: camera ? stream(camera) : null }],
});
/** The drawn camera stops: no longer watched, and let go. */
const backgroundStops: Expected = {
  effects: ['unwatchBackground', effect('release', { stream: stream('background') })],
};
/** A chosen background is remembered; the meeting gets no video until it is drawn, none gives
 * the camera back (ADR 024: the room is never shown while the background starts). */
const chosen = (e: OracleEvent): Expected => {
  const choice = e.choice as { kind: string };
  return {
    effects: [effect('persistBackground', { choice })],
    emits: [
      {
        type: 'meeting.videoInputChanged',
        stream: choice.kind === 'none' ? stream('cam-1') : null,
      },
    ],
  };
};
const screenStops: Expected = {
  effects: ['unwatchScreen', 'release'],
  emits: [{ type: 'meeting.contentShareChanged', stream: null }],
};

export const paths = definePaths(devicesMachine, {
  // What a person does and sees (npm run qa:paths), from docs/product.md §4 (forced devices), §8
  // (a permission refusal is never reported) and the device messages of the meeting screens.
  manual: {
    setup:
      'Chrome でマイクとカメラを2台ずつ使える PC（または chrome --use-fake-device-for-media-stream）。demo@example.com / demo-password でログインし、デモのワールドの入口（/worlds/<ID>/gate）を開く。強制オフは別のブラウザーで所有者としてその参加者の操作メニューから行う。',
    steps: {
      もう一度試す: '「もう一度試す」を押す。',
      マイクをオン: {
        do: '「マイク: オフ」のボタンを押す（強制オフ中はボタンが押せない）。',
        see: 'ボタンが「マイク: オン」になる（強制オフ中は「マイク: オフ」のまま「管理者によりオフにされています」）。',
      },
      マイクをオフ: {
        do: '「マイク: オン」のボタンを押す。',
        see: 'ボタンが「マイク: オフ」になる。',
      },
      カメラをオン: {
        do: '「カメラ: オフ」のボタンを押す（強制オフ中はボタンが押せない）。',
        see: 'プレビューに自分の映像が出て、ボタンが「カメラ: オン」になる（強制オフ中は「カメラ: オフ」のまま）。',
      },
      カメラをオフ: {
        do: '「カメラ: オン」のボタンを押す。',
        see: 'プレビューに「カメラはオフです」、ボタンが「カメラ: オフ」。',
      },
      マイクを強制オフ: {
        do: '所有者のブラウザーで、この参加者のマイクを強制的にオフにする。',
        see: '参加者のボタンが「マイク: オフ」で押せず、その下に「管理者によりオフにされています」。',
      },
      カメラを強制オフ: {
        do: '所有者のブラウザーで、この参加者のカメラを強制的にオフにする。',
        see: '参加者のボタンが「カメラ: オフ」で押せず、その下に「管理者によりオフにされています」。',
      },
      マイクの強制オフを解除: '所有者のブラウザーで、マイクの強制オフを解除する。',
      カメラの強制オフを解除: '所有者のブラウザーで、カメラの強制オフを解除する。',
      マイク2を選ぶ: '「使用するマイク」で2台目を選ぶ。',
      カメラ2を選ぶ: '「使用するカメラ」で2台目を選ぶ。',
      スピーカーを選ぶ: '「音声の出力先」で別のスピーカーを選ぶ。',
      画面共有を始める: '「画面を共有」を押す。',
      画面共有を止める: '「画面の共有を停止」を押す。',
      'ブラウザーの「共有を停止」': 'ブラウザーが出す共有中のバーの「共有を停止」を押す。',
      デバイスが抜き差しされた: 'USB のマイクかカメラを抜くか挿す。',
      エラーを閉じる: 'デバイスのお知らせの「閉じる」を押す。',
      背景をぼかす: '「バーチャル背景」で「ぼかし」を選ぶ。',
      背景を画像にする: '「バーチャル背景」で「森」を選ぶ。',
      背景をなしにする: '「バーチャル背景」で「なし」を選ぶ。',
      背景の描画が止まった: '（背景の処理が途中で止まる: WebGL のコンテキストが失われたときなど）',
      背景の準備ができた: '（待つ: プレビューに背景を合成した映像が出る）',
      背景を使えなかった: {
        do: 'WebGL を無効にしたブラウザー（chrome --disable-webgl）で背景を選ぶ。',
        see: '「このブラウザーではバーチャル背景を使えません（…）。背景なしのカメラ映像を使っています。」と「なし」が選ばれた状態。',
      },
      ページを離れる: '「退出する」か別の画面へ移る。',
      視聴を始める:
        'ライブ配信中に「ライブ配信」の「視聴する」（入口では「ステージの配信を視聴する」）を押す。',
      視聴をやめる: '視聴中に「参加に切り替える」を押す（「退出する」でも同じ）。',
      許可済み: 'このサイトにマイクとカメラを許可済みのブラウザーで開く。',
      ブラウザーでブロック済み: {
        do: 'アドレスバーのサイト設定でカメラとマイクを「ブロック」にしてから開く。',
        see: '「このサイトでのマイクとカメラの使用がブラウザーでブロックされています。…」',
      },
      'Permissions API なし': 'Permissions API のないブラウザー（Safari の古い版など）で開く。',
      マイクとカメラを開けた: 'ブラウザーの確認で「許可」を押す。',
      'マイクだけ開けた（カメラなし）': 'カメラを外した PC で開き、マイクを許可する。',
      ユーザーが拒否した: {
        do: 'ブラウザーの確認で「ブロック」を押す。',
        see: '「マイクとカメラの使用が許可されませんでした。」とアドレスバーからの許可の方法、聞くだけで参加できる旨。',
      },
      デバイスがない: {
        do: 'マイクもカメラもない PC で開く。',
        see: '「マイクとカメラが見つかりませんでした。接続を確かめてください。…」',
      },
      ほかのアプリが使用中: {
        do: 'ほかのビデオ会議アプリでカメラを使いながら開く。',
        see: '「…がほかのアプリで使われています。ビデオ会議アプリなどを閉じてから「もう一度試す」を押してください。」',
      },
      開けなかった: {
        do: 'デバイスが応答しない状態で開く。',
        see: '「…を開けませんでした。「もう一度試す」を押してください。」',
      },
      マイク2を開けた: '（待つ: 2台目のマイクに切り替わる）',
      マイクが残っていない: '最後のマイクを抜く（聞くだけになる）。',
      カメラ2を開けた: '（待つ: 2台目のカメラの映像が出る）',
      カメラがほかのアプリで使用中: {
        do: 'ほかのアプリでそのカメラを使いながらカメラをオンにする。',
        see: '「カメラがほかのアプリで使われています。…「もう一度試す」を押してください。」',
      },
      カメラを開けなかった: {
        do: 'カメラが応答しない状態でオンにする。',
        see: '「カメラを開けませんでした。…」',
      },
      画面を選んだ: 'ブラウザーの画面選択で画面を選び「共有」を押す。',
      選択をキャンセルした: 'ブラウザーの画面選択で「キャンセル」を押す（お知らせは出ない）。',
      OSが画面収録を許可していない: {
        do: 'Mac で「画面収録」をブラウザーに許可していない状態で共有する。',
        see: '「画面の共有がOSの設定で許可されていません。…画面収録…」',
      },
      マイク1が抜かれた: '使っているマイクを抜く（残りのマイクに切り替わる）。',
      カメラ1が抜かれた: '使っているカメラを抜く（残りのカメラに切り替わる）。',
      カメラがすべて抜かれた: 'すべてのカメラを抜く。',
      一覧を読めなかった: '（デバイスの一覧を読めない: 一覧は前のまま）',
    },
    states: {
      checking: '「カメラとマイクを確認しています…」。',
      asking:
        '「ブラウザーに表示される確認で、カメラとマイクの使用を「許可」してください。」ブラウザーの許可の確認が出ている。',
      closed: '会議の画面を離れた。カメラとマイクのランプが消える。',
      released:
        '視聴中: カメラとマイクのランプが消えている。会議の画面にマイク・カメラの操作はなく「視聴中です。…」。',
      unavailable:
        '「カメラとマイクを使えません」と理由の文、「マイク・カメラなしで参加」（聞くだけで参加できる）と「もう一度試す」。',
      'active.mic.ready':
        'マイクのボタン（「マイク: オン」か「マイク: オフ」）が押せる。強制オフのときは「マイク: オフ」で押せず「管理者によりオフにされています」。',
      'active.mic.switching': 'マイクの欄に「切り替えています…」。',
      'active.camera.starting': 'カメラの状態を判定中（一瞬）。',
      'active.camera.off':
        'プレビューに「カメラはオフです」（強制オフのときは「管理者によりオフにされています」）。',
      'active.camera.opening': 'カメラの欄に「準備中…」。',
      'active.camera.on': '「カメラのプレビュー」に自分の映像が映る。',
      'active.camera.busy': '「カメラがほかのアプリで使われています。…」と「もう一度試す」。',
      'active.screen.idle': '「画面を共有」ボタン。',
      'active.screen.choosing': 'ブラウザーの画面選択が開いている。',
      'active.screen.sharing': '「画面の共有を停止」ボタン。共有中の画面が会議に映る。',
      'active.list.idle':
        '「使用するマイク」「使用するカメラ」にいま接続されているデバイスが並ぶ。',
      'active.list.enumerating': 'デバイスの一覧を読み直している（見た目は前のまま）。',
      'active.background.deciding': '背景を使うか判定中（一瞬）。',
      'active.background.plain': '「バーチャル背景」で「なし」が選ばれているか、カメラがオフ。',
      'active.background.processing.starting':
        'プレビューに「背景を準備しています…」。会議には映像が出ない（部屋が映らない）。',
      'active.background.processing.running':
        '「カメラのプレビュー」に、ぼかした部屋か選んだ画像の前の自分が映る。',
    },
  },
  input: {
    stored: { audioInputId: 'mic-1', videoInputId: 'cam-1', audioOutputId: 'speaker-1' },
  },
  events: [
    { label: 'もう一度試す', event: { type: 'devices.retry' } },
    { label: 'マイクをオン', event: { type: 'devices.micOn' } },
    { label: 'マイクをオフ', event: { type: 'devices.micOff' } },
    { label: 'カメラをオン', event: { type: 'devices.videoOn' } },
    { label: 'カメラをオフ', event: { type: 'devices.videoOff' } },
    { label: 'マイクを強制オフ', event: { type: 'devices.forced', device: 'mic', disabled: true } },
    {
      label: 'カメラを強制オフ',
      event: { type: 'devices.forced', device: 'video', disabled: true },
    },
    {
      label: 'マイクの強制オフを解除',
      event: { type: 'devices.forced', device: 'mic', disabled: false },
    },
    {
      label: 'カメラの強制オフを解除',
      event: { type: 'devices.forced', device: 'video', disabled: false },
    },
    { label: 'マイク2を選ぶ', event: { type: 'devices.micChosen', deviceId: 'mic-2' } },
    { label: 'カメラ2を選ぶ', event: { type: 'devices.cameraChosen', deviceId: 'cam-2' } },
    { label: 'スピーカーを選ぶ', event: { type: 'devices.speakerChosen', deviceId: 'speaker-1' } },
    { label: '画面共有を始める', event: { type: 'devices.screenStart' } },
    { label: '画面共有を止める', event: { type: 'devices.screenStop' } },
    { label: 'ブラウザーの「共有を停止」', event: { type: 'devices.screenEnded' } },
    { label: 'デバイスが抜き差しされた', event: { type: 'devices.changed' } },
    { label: 'エラーを閉じる', event: { type: 'devices.errorDismissed' } },
    {
      label: '背景をぼかす',
      event: { type: 'devices.backgroundChosen', choice: { kind: 'blur' } },
    },
    { label: '背景を画像にする', event: { type: 'devices.backgroundChosen', choice: forest } },
    {
      label: '背景をなしにする',
      event: { type: 'devices.backgroundChosen', choice: { kind: 'none' } },
    },
    { label: '背景の描画が止まった', event: { type: 'devices.backgroundFailed' } },
    { label: 'ページを離れる', event: { type: 'devices.close' } },
    { label: '視聴を始める', event: { type: 'devices.release' } },
    { label: '視聴をやめる', event: { type: 'devices.reopen' } },
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
    startBackground: [
      { label: '背景の準備ができた', output: stream('background') },
      { label: '背景を使えなかった', error: new Error('WebGL 2 is not available') },
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
    // Watching lets go of whatever is open: from the prompt, or with one concern changed (the
    // camera off or opening, the screen shared, a background drawn); it ends whenever it ends.
    if (event.type === 'devices.release') return changed.size <= 1;
    // Opened again as on entering, whose oracle knows no background (with one, the meeting gets
    // nothing until it is drawn: the background region's own transitions say so).
    if (event.type === 'devices.reopen') return snapshot.context.background.kind === 'none';
    // Closing, choosing the speaker: from a settled active state (closing also before it).
    if (concern === null)
      return (
        changed.size === 0 &&
        (snapshot.matches('active') ||
          (event.type === 'devices.close' &&
            (snapshot.matches('checking') || snapshot.matches('released'))))
      );
    // The server may force a device (or release it) whatever the visitor is doing: asking,
    // opening, busy, off, on, while sharing the screen (docs/product.md §4).
    // A forced microphone also while the camera is opening, busy or off.
    if (event.type === 'devices.forced')
      return [...changed].every(
        (other) => other !== 'list' && other !== (concern === 'mic' ? '' : 'mic'),
      );
    // Outside the active state only the first request's concerns.
    if (!snapshot.matches('active') && concern !== 'media') return false;
    return [...changed].every((other) => other === concern);
  },
  // What a person expects (docs/product.md §4, docs/decisions/010-meetings-and-realtime.md): what is
  // opened is announced to the meeting and let go when it stops being used; choices are
  // remembered; a forced device is off and stays off until the person turns it on.
  oracles: {
    '(start)': { effects: ['watchDevices'] },
    'checking —xstate.done.actor.checkPermission→ unavailable.denied': {
      takenBy: ['ブラウザーでブロック済み'],
    },
    'checking —xstate.done.actor.checkPermission→ asking': { takenBy: ['許可済み'] },
    'checking —xstate.error.actor.checkPermission→ asking': {},
    // Granted: the meeting gets the microphone, the camera and the speaker of the last visit.
    // docs/product.md §4: forced (or turned) off while the prompt was open, the camera granted is
    // let go at once and the meeting gets none.
    'asking —xstate.done.actor.openMedia→ active': (e, _from, { before }) => {
      const camera = outputOf(e).camera;
      const unwanted =
        camera !== null &&
        (!before.context.videoEnabled || videoBlockedReason(before) === 'forced');
      return {
        ...(unwanted && { effects: [effect('release', { stream: camera.stream })] }),
        emits: [
          { type: 'meeting.audioInputChanged', stream: outputOf(e).mic?.stream ?? null },
          { type: 'meeting.micChanged' },
          { type: 'meeting.audioOutputChanged', deviceId: 'speaker-1' },
          { type: 'meeting.videoInputChanged', stream: unwanted ? null : (camera?.stream ?? null) },
        ],
      };
    },
    'asking —xstate.error.actor.openMedia→ unavailable.denied': {
      takenBy: ['ユーザーが拒否した'],
    },
    'asking —xstate.error.actor.openMedia→ unavailable.noDevice': {
      takenBy: ['デバイスがない'],
    },
    'asking —xstate.error.actor.openMedia→ unavailable.busy': {
      takenBy: ['ほかのアプリが使用中'],
    },
    'asking —xstate.error.actor.openMedia→ unavailable.failed': { takenBy: ['開けなかった'] },
    'unavailable —devices.retry→ checking': {},
    'unavailable.noDevice —devices.changed→ checking': {},
    // docs/product.md §4: turning on a force-disabled device keeps it off (nothing changes).
    '(root) —devices.micOn→ (stays)': (_e, _from, { before }) =>
      micBlockedReason(before) === 'forced'
        ? { see: [sees('マイク', isMicOn, false)] }
        : { emits: [{ type: 'meeting.micChanged', canUnmute: true }] },
    '(root) —devices.micOff→ (stays)': { emits: [{ type: 'meeting.micChanged', on: false }] },
    '(root) —devices.videoOn→ (stays)': (_e, _from, { before }) =>
      videoBlockedReason(before) === 'forced' ? { see: [sees('カメラ', isCameraOn, false)] } : {},
    '(root) —devices.videoOff→ (stays)': {},
    // Forcing the microphone turns it off and locks it; releasing unlocks it and leaves it off.
    '(root) —devices.forced→ (stays)': (e) => ({
      emits: [
        e.device === 'mic'
          ? {
              type: 'meeting.micChanged',
              on: false,
              canUnmute: !e.disabled,
            }
          : { type: 'meeting.micChanged' },
      ],
    }),
    '(root) —devices.speakerChosen→ (stays)': (e) => ({
      effects: [effect('persistChoice', { key: 'audioOutputId', deviceId: deviceIdOf(e) })],
      emits: [{ type: 'meeting.audioOutputChanged', deviceId: deviceIdOf(e) }],
    }),
    '(root) —devices.errorDismissed→ (stays)': {},
    // Leaving the page lets go of everything that is open.
    '(root) —devices.close→ closed': (_e, from) => ({
      effects: [
        ...(from.some((s) => s.startsWith('active.')) ? ['release'] : []),
        ...(from.includes('active.camera.on') ? ['release'] : []),
        ...(from.includes('active.screen.sharing') ? ['unwatchScreen', 'release'] : []),
        'unwatchAll',
      ],
      anyOrder: true,
    }),
    // Watching the stage (ADR 026): what is open is let go (the camera light goes off) and the
    // meeting gets no microphone, camera or screen; nothing was open yet while checking or asking.
    'checking —devices.release→ released': watchingReleases,
    'asking —devices.release→ released': watchingReleases,
    'active —devices.release→ released': (_e, from) => ({
      effects: [
        'release',
        ...(from.includes('active.camera.on') ? ['release'] : []),
        ...(from.includes('active.screen.sharing') ? ['unwatchScreen', 'release'] : []),
        ...(from.includes('active.background.processing.running')
          ? ['unwatchBackground', 'release']
          : []),
      ],
      emits: watchingReleases.emits,
      anyOrder: true,
    }),
    // Watching stopped: the chosen devices open as on entering (the permission check first).
    'released —devices.reopen→ checking': {},
    'active.mic.ready —devices.micChosen→ active.mic.switching': (e) => ({
      effects: [effect('persistChoice', { key: 'audioInputId', deviceId: deviceIdOf(e) })],
    }),
    'active.mic.ready —devices.listUpdated→ active.mic.switching': {},
    // The new microphone replaces the old one, which is let go.
    'active.mic.switching —xstate.done.actor.openMic→ active.mic.ready': (e) => ({
      effects: ['release'],
      emits: [
        { type: 'meeting.audioInputChanged', stream: outputOf(e).stream },
        { type: 'meeting.micChanged' },
      ],
    }),
    // No microphone left: listen-only.
    'active.mic.switching —xstate.error.actor.openMic→ active.mic.ready': {
      effects: ['release'],
      emits: [
        { type: 'meeting.audioInputChanged', stream: null },
        { type: 'meeting.micChanged', on: false },
      ],
    },
    'active.camera.starting —always→ active.camera.on': {},
    'active.camera.starting —always→ active.camera.off': {},
    'active.camera.off —devices.videoOn→ (stays)': {},
    'active.camera.off —devices.videoOn→ active.camera.opening': {},
    'active.camera.off —devices.cameraChosen→ (stays)': (e) => ({
      effects: [effect('persistChoice', { key: 'videoInputId', deviceId: deviceIdOf(e) })],
    }),
    // Forced or turned off while it opened: the camera that opened is let go at once.
    'active.camera.opening —xstate.done.actor.openCamera→ active.camera.off': (e) => ({
      effects: [effect('release', { stream: outputOf(e).stream })],
    }),
    'active.camera.opening —xstate.done.actor.openCamera→ active.camera.on': (e) => ({
      emits: [{ type: 'meeting.videoInputChanged', stream: outputOf(e).stream }],
    }),
    'active.camera.opening —xstate.error.actor.openCamera→ active.camera.busy': {
      takenBy: ['カメラがほかのアプリで使用中'],
    },
    'active.camera.opening —xstate.error.actor.openCamera→ active.camera.off': {
      takenBy: ['カメラを開けなかった'],
    },
    // docs/product.md §4: forcing video off turns the camera off (let go, the meeting sees none).
    'active.camera.on —devices.forced→ active.camera.off': {
      effects: ['release'],
      emits: [{ type: 'meeting.videoInputChanged', stream: null }],
      takenBy: ['カメラを強制オフ'],
    },
    'active.camera.on —devices.videoOff→ active.camera.off': cameraStops,
    'active.camera.on —devices.cameraChosen→ active.camera.opening': (e) => ({
      effects: [
        'release',
        effect('persistChoice', { key: 'videoInputId', deviceId: deviceIdOf(e) }),
      ],
      emits: [{ type: 'meeting.videoInputChanged', stream: null }],
    }),
    'active.camera.on —devices.listUpdated→ active.camera.off': cameraStops,
    'active.camera.on —devices.listUpdated→ active.camera.opening': cameraStops,
    'active.camera.busy —devices.retry→ active.camera.opening': {},
    'active.camera.busy —devices.videoOff→ active.camera.off': {},
    'active.camera.busy —devices.forced→ active.camera.off': {
      takenBy: ['カメラを強制オフ'],
    },
    'active.screen.idle —devices.screenStart→ active.screen.choosing': {},
    'active.screen.choosing —xstate.done.actor.openScreen→ active.screen.sharing': (e) => ({
      effects: [effect('watchScreen', { stream: outputOf(e) })],
      emits: [{ type: 'meeting.contentShareChanged', stream: outputOf(e) }],
    }),
    // Cancelling the browser's picker is no error; the OS refusing it is said, with how to fix it.
    'active.screen.choosing —xstate.error.actor.openScreen→ active.screen.idle': (
      _e,
      _f,
      { label },
    ) =>
      label === '選択をキャンセルした'
        ? { see: [sees('デバイスのエラー表示', showsDeviceError, false)] }
        : { see: [sees('デバイスのエラー表示', showsDeviceError, true)] },
    'active.screen.sharing —devices.screenStop→ active.screen.idle': screenStops,
    'active.screen.sharing —devices.screenEnded→ active.screen.idle': screenStops,
    'active.background.plain —devices.backgroundChosen→ active.background.deciding': chosen,
    'active.background.processing —devices.backgroundChosen→ active.background.deciding': (
      e,
      from,
    ) => {
      const expected = chosen(e);
      // A running background is let go; one still starting is dropped when it arrives.
      return from.includes('active.background.processing.running')
        ? { ...expected, effects: [...backgroundStops.effects!, ...(expected.effects ?? [])] }
        : expected;
    },
    'active.background.plain —devices.cameraUpdated→ active.background.deciding': {},
    'active.background.processing —devices.cameraUpdated→ active.background.deciding': (
      _e,
      from,
    ) => (from.includes('active.background.processing.running') ? backgroundStops : {}),
    'active.background.deciding —always→ active.background.processing': {},
    'active.background.deciding —always→ active.background.plain': {},
    'active.background.processing.starting —xstate.done.actor.startBackground→ active.background.processing.running':
      {
        effects: [effect('watchBackground', { stream: stream('background') })],
        emits: [{ type: 'meeting.videoInputChanged', stream: stream('background') }],
      },
    'active.background.processing.starting —xstate.error.actor.startBackground→ active.background.deciding':
      { ...fallsBack('cam-1'), takenBy: ['背景を使えなかった'] },
    'active.background.processing.running —devices.backgroundFailed→ active.background.deciding': {
      effects: ['unwatchBackground', effect('release', { stream: stream('background') })],
      ...fallsBack('cam-1'),
    },
    'active.list.idle —devices.changed→ active.list.enumerating': {},
    'active.list.enumerating —devices.changed→ active.list.enumerating': {},
    'active.list.enumerating —xstate.done.actor.listDevices→ active.list.idle': {},
    'active.list.enumerating —xstate.error.actor.listDevices→ active.list.idle': {},
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
      'active.background': 'バーチャル背景',
      'active.background.deciding': '背景を使うか判定',
      'active.background.plain': '背景なしのカメラ',
      'active.background.processing': '背景を合成',
      'active.background.processing.starting': '背景を準備中',
      'active.background.processing.running': '背景を合成中',
      released: '視聴中で手放している',
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
      'devices.release': '視聴のため手放す',
      'devices.reopen': '視聴をやめて開き直す',
      'devices.backgroundChosen': '背景を選ぶ',
      'devices.backgroundFailed': '背景の描画が止まった',
      'devices.cameraUpdated': 'カメラの映像が変わった',
    },
  },
});
