import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** YYYY/MM/DD HH:mm in Asia/Tokyo, as the product shows times (docs/product.md §9). */
export function formatTokyo(date: Date): string {
  return format(new TZDate(date, 'Asia/Tokyo'), 'yyyy/MM/dd HH:mm');
}
