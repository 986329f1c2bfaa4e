import type { CalendarDate } from '../services/payments/payments-api';
import { calendarReservationMachine } from './calendar-reservation.machine';
import { checkDraft } from '../domain/reservation';
import type { ReservationSnapshot as Snapshot } from './calendar-reservation.machine';
import { selectReservation } from './calendar-reservation.selectors';
import { definePaths, sees, type Expected } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

// What the page shows, read through the selectors the payment page reads.
const selectMessage = (s: Snapshot) => selectReservation(s).message;
const showsErrors = (s: Snapshot) => Object.keys(selectReservation(s).errors).length > 0;
// The page's words for a refused slot (the payments page, docs/decisions/008-reservations-and-payments.md).
const conflictMessage = 'この時間帯にはすでに予約があります。別の時間帯を選んでください。';
const pastMessage = '開始日時が過ぎています。これからの日時を選んでください。';

const reserved: CalendarDate = {
  id: '00000000-0000-4000-8000-0000000000d1',
  worldId: '00000000-0000-4000-8000-00000000000a',
  isRehearsal: false,
  // 2030-06-03 10:30–12:00 in Tokyo: overlaps the default 10:00–11:30.
  startAt: '2030-06-03T01:30:00.000Z',
  endAt: '2030-06-03T03:00:00.000Z',
  capacity: 30,
  status: 'reserved',
  paidByFixed: false,
  eventAnnouncementId: null,
  paymentHistory: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const SLOT_EVENTS = new Set([
  'reservation.daySelected',
  'reservation.startChanged',
  'reservation.endChanged',
  'reservation.capacityChanged',
  'reservation.timezoneChanged',
  'reservation.rehearsalChanged',
  'reservation.eventAnnouncementChanged',
]);

export const paths = definePaths(calendarReservationMachine, {
  // What a person does and sees (npm run qa:paths), from docs/decisions/008-reservations-and-payments.md and docs/product.md §9.
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、デモのワールドの詳細画面の「日時を予約する」を開く。日付は 2030年6月 の週を表示しておく。',
    steps: {
      '2030年6月3日を選ぶ': '週のカレンダーで 2030年6月3日 を押す。',
      '開始日時を入力（10:00）': '「開始日時」に 10:00 を入れる。',
      開始日時を終了より後にする: '「開始日時」を「終了日時」より後の時刻にする。',
      '終了日時を入力（11:30）': '「終了日時」に 11:30 を入れる。',
      終了日時を開始より前にする: '「終了日時」を「開始日時」より前の時刻にする。',
      人数を20人にする: '「人数」を 20 にする。',
      人数を0人にする: '「人数」を 0 にする。',
      UTCに切り替える: '「タイムゾーン」を UTC にする。',
      リハーサルにする: '「リハーサル」にチェックを入れる。',
      イベントIDに誤った値: '「イベントのお知らせID」に abc と入れる。',
      'カートに追加（2025年）': {
        do: '「カートに追加」を押す（予約する日時はまだ先）。',
        see: '「カートに追加しました。」と出て、カートにその日時が並ぶ。',
      },
      'カートに追加（2031年: 開始済み）':
        'PC の時計を 2031年 に進めてから「カートに追加」を押す（その日時はもう始まっている）。カートには入らない。',
      再確認: '「もう一度確認する」を押す。',
      サーバーの見積もり: '（入力のあと待つ: サーバーが料金を答える）',
      見積もりに失敗: 'DevTools の Network で …/payments/calc_price をブロックして入力を変える。',
      この日の予約なし: '（待つ: その時間帯に予約がない）',
      重なる予約あり: {
        do: '別のアカウントで同じ時間帯（2030年6月3日 10:30–12:00）を予約しておき、待つ。',
        see: '「この時間帯にはすでに予約があります」と表示される。',
      },
      予約の確認に失敗:
        'DevTools の Network で予約の一覧の要求（…/reservations）をブロックして入力を変える。',
      'debouncems 経過': '入力をやめて少し（1秒未満）待つ。',
    },
    states: {
      editing:
        '入力欄の下に誤りの文（例: 「1以上の値にしてください。」）か「開始日時・終了日時・人数を入力すると料金が表示されます。」。「カートに追加」は押せない。',
      debouncing: '入力した値がそのまま表示され、料金はまだ出ない。',
      quoting: '「料金を確認しています…」。',
      checking: '料金（¥ 表示、1人1時間110円）が出て、予約の重なりを確認中。',
      checkFailed: '「予約状況を確認できませんでした。」と「もう一度確認する」ボタン。',
      ready:
        '料金が表示され「カートに追加」が押せる（料金を確認できないときは「料金を確認できないため追加できません。」）。',
    },
  },
  events: [
    { label: '2030年6月3日を選ぶ', event: { type: 'reservation.daySelected', day: '2030-06-03' } },
    // The valid start and end are the day's defaults again: the same draft, so the same paths on.
    {
      label: '開始日時を入力（10:00）',
      event: { type: 'reservation.startChanged', value: '2030-06-03T10:00' },
    },
    {
      label: '開始日時を終了より後にする',
      event: { type: 'reservation.startChanged', value: '2030-06-03T23:00' },
    },
    {
      label: '終了日時を入力（11:30）',
      event: { type: 'reservation.endChanged', value: '2030-06-03T11:30' },
    },
    {
      label: '終了日時を開始より前にする',
      event: { type: 'reservation.endChanged', value: '2030-06-03T09:00' },
    },
    { label: '人数を20人にする', event: { type: 'reservation.capacityChanged', value: '20' } },
    { label: '人数を0人にする', event: { type: 'reservation.capacityChanged', value: '0' } },
    { label: 'UTCに切り替える', event: { type: 'reservation.timezoneChanged', timezone: 'UTC' } },
    { label: 'リハーサルにする', event: { type: 'reservation.rehearsalChanged', value: true } },
    {
      label: 'イベントIDに誤った値',
      event: { type: 'reservation.eventAnnouncementChanged', value: 'abc' },
    },
    {
      label: 'カートに追加（2025年）',
      event: { type: 'reservation.addToCart', now: Date.parse('2025-01-01T00:00:00Z') },
    },
    {
      label: 'カートに追加（2031年: 開始済み）',
      event: { type: 'reservation.addToCart', now: Date.parse('2031-01-01T00:00:00Z') },
    },
    { label: '再確認', event: { type: 'reservation.retry' } },
  ],
  outcomes: {
    calcPrice: [
      { label: 'サーバーの見積もり', output: 2750 },
      { label: '見積もりに失敗', error: new Error('Error 501') },
    ],
    checkConflicts: [
      { label: 'この日の予約なし', output: [] },
      { label: '重なる予約あり', output: [reserved] },
      { label: '予約の確認に失敗', error: new Error('通信できませんでした。') },
    ],
  },
  // Changes of the form are root transitions, counted once wherever they happen. Offering them
  // only where the form rests, and only one change after the day is picked, keeps the contexts
  // (every combination of field values) and so the paths few; the behaviour tests combine them.
  filterEvents: (snapshot, event) => {
    if (!SLOT_EVENTS.has(event.type)) return true;
    const { draft, timezone, serverPrice, conflicts, message } = snapshot.context;
    const resting =
      snapshot.matches('editing') ||
      (snapshot.matches('ready') && serverPrice !== null && !conflicts.length && !message);
    if (!resting) return false;
    // Before a day is picked: the day, or first a zone or a capacity (an invalid one makes the day invalid).
    if (draft.start === '') {
      if (event.type === 'reservation.daySelected') return timezone === 'Asia/Tokyo';
      return (
        (event.type === 'reservation.timezoneChanged' ||
          event.type === 'reservation.capacityChanged') &&
        timezone === 'Asia/Tokyo' &&
        draft.capacity === '10'
      );
    }
    if (event.type === 'reservation.daySelected') return false;
    return (
      draft.start === '2030-06-03T10:00' &&
      draft.end === '2030-06-03T11:30' &&
      draft.capacity === '10' &&
      timezone === 'Asia/Tokyo' &&
      !draft.isRehearsal &&
      draft.eventAnnouncementId === ''
    );
  },
  // The simple paths repeat what the shortest and transition paths already walk.
  maxSimplePaths: 60,
  // What a person expects (docs/decisions/008-reservations-and-payments.md): editing only changes
  // what the form shows; the one effect is handing a valid, free, future slot to the cart.
  oracles: {
    '(start)': {},
    '(root) —reservation.daySelected→ debouncing': {},
    '(root) —reservation.daySelected→ editing': {},
    '(root) —reservation.startChanged→ debouncing': {},
    '(root) —reservation.startChanged→ editing': {},
    '(root) —reservation.endChanged→ debouncing': {},
    '(root) —reservation.endChanged→ editing': {},
    '(root) —reservation.capacityChanged→ debouncing': {},
    '(root) —reservation.capacityChanged→ editing': {},
    '(root) —reservation.timezoneChanged→ debouncing': {},
    '(root) —reservation.timezoneChanged→ editing': {},
    '(root) —reservation.rehearsalChanged→ (stays)': {},
    '(root) —reservation.eventAnnouncementChanged→ (stays)': {},
    'editing —reservation.addToCart→ (stays)': {},
    'debouncing —xstate.after.debounce.calendarReservation.debouncing→ quoting': {},
    'quoting —xstate.done.actor.calcPrice→ checking': {},
    'quoting —xstate.error.actor.calcPrice→ checking': {},
    'checking —xstate.done.actor.checkConflicts→ ready': {},
    'checking —xstate.error.actor.checkConflicts→ checkFailed': {},
    'checkFailed —reservation.retry→ checking': {},
    // One rule whatever the guards are called: a slot goes to the cart only when the form is
    // complete, nothing is booked at that time and it has not started; otherwise the page says why.
    'ready —reservation.addToCart→ (stays)': (_e, _from, { label, before }): Expected<Snapshot> => {
      const { draft, timezone, conflicts } = selectReservation(before);
      if (!checkDraft(draft, timezone).ok)
        return { see: [sees('入力の誤りの表示', showsErrors, true)] };
      if (conflicts.length > 0) return { see: [sees('お知らせ', selectMessage, conflictMessage)] };
      if (label === 'カートに追加（2031年: 開始済み）')
        return { see: [sees('お知らせ', selectMessage, pastMessage)] };
      return {
        effects: ['addToCart'],
        takenBy: ['カートに追加（2025年）'],
        see: [sees('お知らせ', selectMessage, null)],
      };
    },
  },
  labels: {
    machine: '日時の予約',
    states: {
      editing: '入力中',
      debouncing: '入力の区切り待ち',
      quoting: 'サーバーで見積もり中',
      checking: '予約の重なりを確認中',
      checkFailed: '確認に失敗',
      ready: '追加できる',
    },
    events: {
      'reservation.daySelected': '日付を選ぶ',
      'reservation.startChanged': '開始日時を変更',
      'reservation.endChanged': '終了日時を変更',
      'reservation.capacityChanged': '人数を変更',
      'reservation.timezoneChanged': 'タイムゾーンを変更',
      'reservation.rehearsalChanged': 'リハーサルを切り替え',
      'reservation.eventAnnouncementChanged': 'イベントのお知らせIDを変更',
      'reservation.addToCart': 'カートに追加',
      'reservation.retry': '再確認',
    },
  },
});
