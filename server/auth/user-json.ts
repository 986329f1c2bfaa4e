import type { UserRow } from './tokens';

/** A user as the API shows it; never the password hash. */
export function userJson(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isGuest: user.isGuest,
    unconfirmedEmail: user.unconfirmedEmail,
    iconUrl: user.iconUrl,
    createdAt: user.createdAt.toISOString(),
  };
}
