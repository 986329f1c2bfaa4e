// The reservation form's rules: a draft typed in a time zone becomes a slot (start, end,
// capacity), and a slot conflicts with the world's live dates (pending or reserved).
import { MAX_CAPACITY, type Slot } from './price';
import { fromLocalInput, type TimeZoneName } from './time-zone';
import { messages } from './validation-messages';

/** What the form holds: wall-clock "2025-06-01T10:00" values in the chosen zone, capacity as typed. */
export interface ReservationDraft {
  start: string;
  end: string;
  capacity: string;
  isRehearsal: boolean;
  /** Empty for none. */
  eventAnnouncementId: string;
}

export type DraftField = 'start' | 'end' | 'capacity' | 'eventAnnouncementId';
export type DraftErrors = Partial<Record<DraftField, string[]>>;

const END_BEFORE_START_MESSAGE = '終了日時は開始日時より後にしてください。';
export const PAST_MESSAGE = '開始日時が過ぎています。これからの日時を選んでください。';
export const CONFLICT_MESSAGE = 'この時間帯にはすでに予約があります。別の時間帯を選んでください。';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DraftCheck = { ok: true; slot: Slot } | { ok: false; errors: DraftErrors };

/** The slot a draft stands for, or the messages per field that stop it. */
export function checkDraft(draft: ReservationDraft, zone: TimeZoneName): DraftCheck {
  const errors: DraftErrors = {};
  const startAt = draft.start.trim() === '' ? null : fromLocalInput(draft.start, zone);
  const endAt = draft.end.trim() === '' ? null : fromLocalInput(draft.end, zone);
  if (draft.start.trim() === '') errors.start = [messages.required()];
  else if (!startAt) errors.start = [messages.dateTime()];
  if (draft.end.trim() === '') errors.end = [messages.required()];
  else if (!endAt) errors.end = [messages.dateTime()];
  else if (startAt && endAt.getTime() <= startAt.getTime()) errors.end = [END_BEFORE_START_MESSAGE];

  const capacityText = draft.capacity.trim();
  const capacity = Number(capacityText);
  if (capacityText === '') errors.capacity = [messages.required()];
  else if (!/^\d+$/.test(capacityText) || !Number.isInteger(capacity))
    errors.capacity = [messages.type('integer')];
  else if (capacity < 1) errors.capacity = [messages.minNumber(1)];
  else if (capacity > MAX_CAPACITY) errors.capacity = [messages.maxNumber(MAX_CAPACITY)];

  if (draft.eventAnnouncementId.trim() !== '' && !UUID.test(draft.eventAnnouncementId.trim())) {
    errors.eventAnnouncementId = [messages.uuid()];
  }
  if (Object.keys(errors).length > 0 || !startAt || !endAt) return { ok: false, errors };
  return { ok: true, slot: { startAt, endAt, capacity } };
}

type DatedStatus = 'pending' | 'reserved' | 'cancelled' | 'finished';
export interface Dated {
  startAt: string;
  endAt: string;
  status: DatedStatus;
}

/** Dates that hold their time: paid or held for a payment in progress. */
export function isLive(date: Pick<Dated, 'status'>): boolean {
  return date.status === 'pending' || date.status === 'reserved';
}

/** The world's live dates that overlap the slot. */
export function conflictsOf<T extends Dated>(
  slot: Pick<Slot, 'startAt' | 'endAt'>,
  dates: readonly T[],
): T[] {
  return dates.filter(
    (date) =>
      isLive(date) &&
      Date.parse(date.startAt) < slot.endAt.getTime() &&
      slot.startAt.getTime() < Date.parse(date.endAt),
  );
}
