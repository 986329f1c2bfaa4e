// How a person is drawn on the world's map (docs/decisions/030-world-page-as-a-place.md): their
// initials on a colour of their own, their microphone's mark, and, at a table, a seat around it
// (Remo's way).

/** One letter of a Japanese name, the first letters of two words of a Latin one (「YT」). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = [...(words[0] ?? '?')][0]!;
  if (!/^[A-Za-z]$/.test(first)) return first;
  const second = words[1] ? [...words[1]][0]! : '';
  return (first + (/^[A-Za-z]$/.test(second) ? second : '')).toUpperCase();
}

/** A hue that stays the person's own from visit to visit: from their user id. */
export function hueOf(userId: string): number {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** The colour under a person's initials, when they have no icon: of their own hue. */
export function avatarColourOf(userId: string): string {
  return `hsl(${hueOf(userId)} 55% 35%)`;
}

/** Where seat `index` of `count` sits, in % of the table: evenly around it, the first on top. */
export function seatAt(index: number, count: number): { left: number; top: number } {
  const angle = (2 * Math.PI * index) / Math.max(1, count) - Math.PI / 2;
  return {
    left: 50 + 38 * Math.cos(angle),
    top: 50 + 38 * Math.sin(angle),
  };
}

/**
 * The microphone's mark on a person's avatar: forced off by owner or staff (管理者によりオフ)
 * first, since it says more than off, then off; none while it is on.
 */
export function micMarkOf(
  userId: string,
  marks: { muted: ReadonlySet<string>; forced: ReadonlySet<string> },
): 'forced' | 'muted' | null {
  if (marks.forced.has(userId)) return 'forced';
  return marks.muted.has(userId) ? 'muted' : null;
}

/** The same people by id, name, icon and status, in the same order: nothing of theirs to draw again. */
export function samePeople(a: readonly Person[], b: readonly Person[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (m, i) =>
        m.userId === b[i]!.userId &&
        m.name === b[i]!.name &&
        m.iconUrl === b[i]!.iconUrl &&
        m.nowDoing === b[i]!.nowDoing,
    )
  );
}

type Person = { userId: string; name: string; iconUrl?: string | null; nowDoing?: string | null };
