import type { Cart, CartItem } from '../domain/cart';
import { cartMachine, type CartSnapshot } from './cart.machine';
import { selectCart, selectCartNotice } from './cart.selectors';
import { definePaths, sees } from './path-config';

// Event payloads, actor outcomes and Japanese labels for the generated path tests (tests/paths).

const worldA = '00000000-0000-4000-8000-00000000000a';
const worldB = '00000000-0000-4000-8000-00000000000b';
const item = (worldId: string, startAt: string, endAt: string, price: number): CartItem => ({
  worldId,
  startAt,
  endAt,
  capacity: 20,
  isRehearsal: false,
  eventAnnouncementId: null,
  price,
});
const itemCount = (snapshot: CartSnapshot) => selectCart(snapshot).items.length;
const overlapsInWorld = (cart: Cart, added: CartItem) =>
  cart.worldId === added.worldId &&
  cart.items.some((i) => i.startAt < added.endAt && added.startAt < i.endAt);
const morning = item(worldA, '2030-06-03T01:00:00.000Z', '2030-06-03T02:30:00.000Z', 3300);

export const paths = definePaths(cartMachine, {
  // What a person does and sees (npm run qa:paths), from docs/product.md §3 (Cart).
  manual: {
    setup:
      'demo@example.com / demo-password でログインし、デモのワールドの「日時を予約する」を開く（右側にカート）。',
    steps: {
      日時を追加: '日時を選んで「カートに追加」を押す。',
      別の日時を追加: '重ならない別の日時を選んで「カートに追加」を押す。',
      重なる日時を追加: {
        do: 'カートにある日時と重なる日時を選んで「カートに追加」を押す。',
        see: '「カート内の日時と重なっているため追加できません。」',
      },
      別のワールドの日時を追加: {
        do: '別のワールドの予約画面で日時を「カートに追加」する。',
        see: '「別のワールドの予約が入っていたため、カートを空にしてこの日時を追加しました。…」',
      },
      価格0の日時を追加: '料金が 0 円になる日時を追加しようとする（カートには入らない）。',
      先頭の日時を削除: {
        do: 'カートの先頭の日時の「削除」を押す。',
        see: '「カートから削除しました。」',
      },
      カートを空にする:
        'ログアウトして、もう一度ログインする（ログインとログアウトでカートは空になる）。',
      お知らせを閉じる: 'カートのお知らせの「閉じる」を押す。',
      保存されたカートなし: 'カートが空の状態でページを再読み込みする。',
      保存されたカートあり: 'カートに日時がある状態でページを再読み込みする。',
      保存されたカートが壊れている: {
        do: 'DevTools の Application > Local Storage でカートの値を壊れた文字列にして再読み込みする。',
        see: '「保存されていたカートを読み込めなかったため、カートを空にしました。」',
      },
    },
    states: {
      loading: 'カートの欄が読み込み中。',
      ready:
        'カートの日時と合計（¥1,100 の形式）が並ぶ。空なら「カートは空です。日時を選んで「カートに追加」を押してください。」',
    },
  },
  events: [
    {
      label: '日時を追加',
      event: { type: 'cart.itemAdded', item: morning, timezone: 'Asia/Tokyo' },
    },
    {
      label: '別の日時を追加',
      event: {
        type: 'cart.itemAdded',
        item: item(worldA, '2030-06-04T01:00:00.000Z', '2030-06-04T02:30:00.000Z', 3300),
        timezone: 'Asia/Tokyo',
      },
    },
    {
      label: '重なる日時を追加',
      event: {
        type: 'cart.itemAdded',
        item: item(worldA, '2030-06-03T02:00:00.000Z', '2030-06-03T03:00:00.000Z', 2200),
        timezone: 'Asia/Tokyo',
      },
    },
    {
      label: '別のワールドの日時を追加',
      event: {
        type: 'cart.itemAdded',
        item: item(worldB, '2030-06-05T00:00:00.000Z', '2030-06-05T01:00:00.000Z', 2200),
        timezone: 'UTC',
      },
    },
    {
      label: '価格0の日時を追加',
      event: { type: 'cart.itemAdded', item: { ...morning, price: 0 }, timezone: 'Asia/Tokyo' },
    },
    { label: '先頭の日時を削除', event: { type: 'cart.itemRemoved', index: 0 } },
    { label: 'カートを空にする', event: { type: 'cart.cleared' } },
    { label: 'お知らせを閉じる', event: { type: 'cart.noticeDismissed' } },
  ],
  outcomes: {
    loadCart: [
      { label: '保存されたカートなし', output: null },
      {
        label: '保存されたカートあり',
        output: { items: [morning], worldId: worldA, timezone: 'Asia/Tokyo' },
      },
      { label: '保存されたカートが壊れている', error: new Error('the stored cart is not JSON') },
    ],
  },
  // The cart grows with every add: two items are enough to meet every rule.
  filterEvents: (snapshot, event) =>
    event.type !== 'cart.itemAdded' || snapshot.context.cart.items.length < 2,
  // What a person expects (docs/decisions/008-reservations-and-payments.md): every change that
  // keeps the cart is saved; a refused item changes nothing stored; what cannot be read is dropped.
  oracles: {
    '(start)': {},
    'loading —xstate.done.actor.loadCart→ ready': {},
    'loading —xstate.error.actor.loadCart→ ready': { effects: ['clearStoredCart'] },
    // docs/product.md §3: only items with a price above 0 are kept, the dates of one world; one
    // overlapping a date of the same world is refused (the cart and what is stored stay); an item
    // of another world replaces the cart.
    'ready —cart.itemAdded→ (stays)': (e, _from, { before }) => {
      const cart = selectCart(before);
      const added = e.item as CartItem;
      const count = cart.items.length;
      if (added.price <= 0 || overlapsInWorld(cart, added))
        return { see: [sees('カートの日時の数', itemCount, count)] };
      const replaced = cart.worldId !== null && cart.worldId !== added.worldId && count > 0;
      return {
        effects: ['persist'],
        see: [sees('カートの日時の数', itemCount, replaced ? 1 : count + 1)],
      };
    },
    'ready —cart.itemRemoved→ (stays)': { effects: ['persist'] },
    'ready —cart.cleared→ (stays)': { effects: ['clearStoredCart'] },
    // The notice closes (nothing else changes).
    'ready —cart.noticeDismissed→ (stays)': {
      see: [sees('カートのお知らせ', selectCartNotice, null)],
    },
  },
  labels: {
    machine: 'カート',
    states: { loading: '読み込み中', ready: '利用可能' },
    events: {
      'cart.itemAdded': '日時を追加',
      'cart.itemRemoved': '日時を削除',
      'cart.cleared': 'カートを空にする',
      'cart.noticeDismissed': 'お知らせを閉じる',
    },
  },
});
