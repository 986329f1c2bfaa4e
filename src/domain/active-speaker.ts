// The active speaker of one's space (docs/decisions/030-world-page-as-a-place.md): whose video
// the strip shows larger. The one who began speaking last, kept while nobody else begins, so
// that the strip does not jump at every pause for breath.

/** The active speaker after the speakers went from `before` to `now` (attendee ids). */
export function activeSpeaker(
  previous: string | null,
  before: ReadonlySet<string>,
  now: ReadonlySet<string>,
): string | null {
  for (const attendeeId of now) if (!before.has(attendeeId)) return attendeeId;
  return previous;
}
