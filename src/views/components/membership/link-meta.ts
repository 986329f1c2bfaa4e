import { formatDateTime, type TimeZoneName } from '../../../domain/time-zone';

type LinkUse = {
  uses: number;
  maxUses: number | null;
  expiresAt: string | null;
  createdAt: string;
};

/** "3 / 30回使用 ・ 有効期限 … ・ … 発行": how far a link anyone may enter with has been used. */
export function linkMeta(link: LinkUse, zone: TimeZoneName): string {
  const uses =
    link.maxUses === null ? `${link.uses}回使用` : `${link.uses} / ${link.maxUses}回使用`;
  const expiry = link.expiresAt
    ? `有効期限 ${formatDateTime(link.expiresAt, zone)}`
    : '有効期限なし';
  return `${uses} ・ ${expiry} ・ ${formatDateTime(link.createdAt, zone)} 発行`;
}
