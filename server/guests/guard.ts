import type { FastifyRequest } from 'fastify';
import { RuleError } from '../http/errors';

export const guestForbiddenMessage =
  'ゲストとして入場中はこの操作を行えません。アカウントでログインしてからお試しください。';

/** The account area: everything a signed-in user manages lives under it; a guest has no account. */
export function isAccountArea(path: string): boolean {
  return path === '/api/mypage' || path.startsWith('/api/mypage/');
}

/** preValidation hook after requireAuth on every account-area operation (registered once, see register.ts). */
export async function refuseGuests(req: FastifyRequest) {
  if (req.auth?.user.isGuest) throw new RuleError('forbidden', guestForbiddenMessage);
}
