import { useQuery } from '@tanstack/react-query';
import { commerceTerms } from '../../domain/commerce-terms';
import { paymentQueries } from '../../services/api/payments-queries';
import { QueryState } from '../components/query-state';
import { useQueryApi } from '../hooks/use-api-query';

/**
 * /legal/commerce: 特定商取引法に基づく表記. The seller from configuration (SELLER_*,
 * docs/configuration.md), an unset item disclosed on request; the terms as the final
 * confirmation before 支払う states them (src/domain/commerce-terms.ts).
 */
export function CommerceDisclosurePage() {
  const disclosure = useQuery(paymentQueries.commerceDisclosure(useQueryApi()));
  return (
    <div className="page">
      <h1>特定商取引法に基づく表記</h1>
      <QueryState query={disclosure} what="表記">
        {(seller) => (
          <dl className="commerce-disclosure">
            <dt>販売事業者</dt>
            <dd>{seller.seller}</dd>
            <dt>運営責任者</dt>
            <dd>{seller.representative ?? commerceTerms.onRequest}</dd>
            <dt>所在地</dt>
            <dd>{seller.address ?? commerceTerms.onRequest}</dd>
            <dt>電話番号</dt>
            <dd>{seller.phone ?? commerceTerms.onRequest}</dd>
            <dt>メールアドレス</dt>
            <dd>{seller.email ?? commerceTerms.onRequest}</dd>
            <dt>販売価格</dt>
            <dd>{commerceTerms.price}</dd>
            <dt>商品代金以外の必要料金</dt>
            <dd>{commerceTerms.otherCosts}</dd>
            <dt>お支払い方法</dt>
            <dd>{commerceTerms.method}</dd>
            <dt>お支払いの時期</dt>
            <dd>{commerceTerms.timing}</dd>
            <dt>サービスの提供時期</dt>
            <dd>{commerceTerms.provision}</dd>
            <dt>キャンセルと返金</dt>
            <dd>{commerceTerms.cancellation}</dd>
            <dt>お申し込みの期限</dt>
            <dd>{commerceTerms.deadline}</dd>
          </dl>
        )}
      </QueryState>
    </div>
  );
}
