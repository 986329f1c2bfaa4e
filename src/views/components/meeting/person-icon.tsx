// A person's face beside their name (docs/product.md §4 アイコン): their uploaded icon, else their
// initials on a colour of their own, as the map draws them. Decorative: the name is beside it.
import { useSyncExternalStore } from 'react';
import { avatarColourOf, initialsOf } from '../../../domain/avatar';
import type { PresenceStore } from '../../../services/realtime/presence';

/** The icon when there is one, else the initials: the inside of every avatar of the page. */
export function AvatarFace({ name, iconUrl }: { name: string; iconUrl: string | null }) {
  return iconUrl ? <img className="avatar-icon" src={iconUrl} alt="" /> : initialsOf(name);
}

/**
 * The person's avatar, their icon read from the presence (so a changed icon shows at once); one
 * who is not in the world now shows their initials. Renders again only when that icon changes.
 */
export function PersonIcon({
  people,
  userId,
  name,
}: {
  people: PresenceStore;
  userId: string;
  name: string;
}) {
  const iconOf = () => people.get().get(userId)?.iconUrl ?? null;
  const iconUrl = useSyncExternalStore((listener) => people.subscribe(listener), iconOf, iconOf);
  return (
    <span
      className="avatar"
      data-icon={iconUrl ? 'image' : 'initials'}
      style={{ backgroundColor: avatarColourOf(userId) }}
      aria-hidden="true"
    >
      <AvatarFace name={name} iconUrl={iconUrl} />
    </span>
  );
}
