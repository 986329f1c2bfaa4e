import type { Cart } from '../../../domain/cart';
import { cartTotal } from '../../../domain/cart';
import { formatYen } from '../../../domain/price';
import type { CartNotice } from '../../../machines/cart.machine';
import { sizeLabel, spanLabel } from './format';
import './payments.css';

const NOTICES: Record<CartNotice, string> = {
  added: 'カートに追加しました。',
  replacedWorld:
    '別のワールドの予約が入っていたため、カートを空にしてこの日時を追加しました。カートには一度に1つのワールドの日時だけを入れられます。',
  overlaps: 'カート内の日時と重なっているため追加できません。',
  priceless: '料金を確認できないため追加できません。',
  full: 'カートがいっぱいです。先にお支払いを済ませてください。',
  removed: 'カートから削除しました。',
  loadFailed: '保存されていたカートを読み込めなかったため、カートを空にしました。',
};

export type CartViewProps = {
  cart: Cart;
  worldId: string;
  notice: CartNotice | null;
  onRemove: (index: number) => void;
  /** Disabled while a payment is in progress: what is paid must not change under it. */
  locked: boolean;
  /** `startAt|endAt` of the dates held by the payer's own payment awaiting authentication. */
  held?: ReadonlySet<string>;
};

/** The dates waiting to be paid, with their prices and the total. */
export function CartView({ cart, worldId, notice, onRemove, locked, held }: CartViewProps) {
  const otherWorld = cart.worldId !== null && cart.worldId !== worldId;
  return (
    <section className="payment-section" aria-labelledby="cart-heading">
      <h2 id="cart-heading">カート</h2>
      <p className="estimate-note">
        カートには一度に1つのワールドの日時だけを入れられます。別のワールドの日時を追加すると、カートは空になります。
      </p>
      <div role="status" aria-live="polite">
        {notice && <p>{NOTICES[notice]}</p>}
      </div>
      {otherWorld ? (
        <p>
          カートには別のワールドの日時が入っています。このワールドの日時を追加すると、それらは削除されます。
        </p>
      ) : cart.items.length === 0 ? (
        <p>カートは空です。日時を選んで「カートに追加」を押してください。</p>
      ) : (
        <>
          <ul className="cart-list" aria-label="カートの日時">
            {cart.items.map((item, index) => {
              const span = spanLabel(item, cart.timezone);
              return (
                <li key={item.startAt} className="cart-item">
                  <span>
                    {span}
                    <br />
                    {sizeLabel(item)}
                    {item.isRehearsal && '（リハーサル）'} {formatYen(item.price)}
                    {held?.has(`${item.startAt}|${item.endAt}`) && (
                      <>
                        <br />
                        <strong>認証待ちのあなたのお支払いで確保中です</strong>
                      </>
                    )}
                  </span>
                  <button
                    type="button"
                    className="small-button danger-button"
                    disabled={locked}
                    aria-label={`${span}を削除`}
                    onClick={() => onRemove(index)}
                  >
                    削除
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="cart-total">合計 {formatYen(cartTotal(cart))}</p>
        </>
      )}
    </section>
  );
}
