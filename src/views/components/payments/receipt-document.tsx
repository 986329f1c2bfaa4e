import { formatYen } from '../../../domain/price';
import { cardLabel, receiptWording } from '../../../domain/receipt';
import { formatDateTime, spanLabel } from '../../../domain/time-zone';
import type { Receipt } from '../../../services/payments/payments-api';

/** The receipt itself, as printed: the same wording and figures as the server's PDF. */
export function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const rate = receiptWording.taxLine(receipt.taxRate);
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <header className="receipt-head">
        <h1 id="receipt-title">
          {receiptWording.title}
          {receipt.qualified && <span className="receipt-kind">（適格請求書）</span>}
        </h1>
        <p className="receipt-number">No. {receipt.number}</p>
      </header>
      {receipt.status === 'refunded' && (
        <p className="receipt-alert" role="note">
          {receiptWording.refunded}
        </p>
      )}
      <p className="receipt-addressee">
        <span>{receipt.addressee}</span> 様
      </p>
      <p className="receipt-amount">
        {formatYen(receipt.total)}
        <small>（税込）</small>
      </p>
      <p>但し {receiptWording.purpose(receipt.worldName, receipt.lines.length)}</p>
      <p>{receiptWording.received}</p>
      <dl className="receipt-facts">
        <dt>お支払い日時</dt>
        <dd>{formatDateTime(receipt.paidAt, 'Asia/Tokyo')}（日本時間）</dd>
        <dt>お支払い方法</dt>
        <dd>{cardLabel(receipt.cardBrand, receipt.cardLast4)}</dd>
      </dl>
      <table className="receipt-lines">
        <caption>内訳</caption>
        <thead>
          <tr>
            <th scope="col">ご利用日時（日本時間）</th>
            <th scope="col">人数</th>
            <th scope="col">金額（税込）</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line) => (
            <tr key={line.startAt}>
              <td>{spanLabel(line, 'Asia/Tokyo')}</td>
              <td>{line.capacity}人</td>
              <td>{formatYen(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {rate} 税込金額
            </th>
            <td>{formatYen(receipt.total)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {rate} 消費税額
            </th>
            <td>{formatYen(receipt.tax)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="receipt-note">{receiptWording.taxNote}</p>
      <footer className="receipt-issuer">
        <p>発行者 {receipt.issuer.name}</p>
        {receipt.issuer.registrationNumber ? (
          <p>登録番号 {receipt.issuer.registrationNumber}</p>
        ) : (
          <p className="receipt-alert">{receiptWording.notQualified}</p>
        )}
      </footer>
    </article>
  );
}
