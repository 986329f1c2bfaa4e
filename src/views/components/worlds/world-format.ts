import { dayOf, type TimeZoneName } from '../../../domain/time-zone';
import type { components } from '../../../services/api/schema';
import type { LoadFailureProps } from '../load-failure';

export type World = components['schemas']['World'];
export type WorldRole = components['schemas']['WorldRole'];

export { memberRoleLabels, roleLabels } from '../../../domain/roles';

/** "2025/06/01": the day an instant falls on in `zone`. */
export function formatDate(at: string, zone: TimeZoneName): string {
  return dayOf(at, zone).replaceAll('-', '/');
}

/**
 * The messages of a failed world operation. A 501 (an operation declared in the contract but not
 * implemented: none today, `npm run api:status`) without a message of its own would otherwise
 * read only "Error 501".
 */
export function operationErrors(outcome: { errors: string[]; status: number }): string[] {
  if (outcome.status === 501 && outcome.errors.every((m) => /^Error \d+$/.test(m)))
    return ['この操作は現在ご利用いただけません。しばらくしてからもう一度お試しください。'];
  return outcome.errors;
}

/** How a world page's LoadFailure reads: the world, with the way back to the list of worlds. */
export const worldLoadFailure = {
  what: 'ワールド',
  back: { to: '/mypage/worlds', label: 'ワールド一覧に戻る' },
  forbidden: ['主催者またはスタッフのアカウントでログインしてください。'],
} satisfies Pick<LoadFailureProps, 'what' | 'back' | 'forbidden'>;

/** A one-off message carried to the next page in the router's location state. */
export type FlashState = { flash: string };

export function flashOf(state: unknown): string | null {
  if (
    typeof state === 'object' &&
    state !== null &&
    'flash' in state &&
    typeof state.flash === 'string'
  )
    return state.flash;
  return null;
}
