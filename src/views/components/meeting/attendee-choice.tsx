// Choosing attendees in 参加者 for removing them together (the dialog itself,
// attendee-batch-kick.tsx, loads when an owner or staff member's panel first shows it).

export interface Kickable {
  userId: string;
  name: string;
}

/**
 * The chosen attendees still in the list, in its order: someone who left after being ticked is
 * not removed, nor counted.
 */
export function chosenOf<T extends Kickable>(rows: readonly T[], selected: ReadonlySet<string>) {
  return rows.filter((row) => selected.has(row.userId));
}

/** The box before a row's name: ticking it chooses the attendee for 「選んだ人を退出させる」. */
export function ChooseBox({
  person,
  checked,
  onChange,
}: {
  person: Kickable;
  checked: boolean;
  onChange: (userId: string, checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className="attendee-choose"
      aria-label={`${person.name}さんを選ぶ`}
      checked={checked}
      onChange={(event) => onChange(person.userId, event.currentTarget.checked)}
    />
  );
}
