import { assign, setup, type SnapshotFrom } from 'xstate';
import type { CartItem } from '../domain/cart';
import { priceYen } from '../domain/price';
import {
  checkDraft,
  conflictsOf,
  CONFLICT_MESSAGE,
  PAST_MESSAGE,
  type DraftErrors,
  type ReservationDraft,
} from '../domain/reservation';
import {
  addDaysToDay,
  dayOf,
  DEFAULT_TIME_ZONE,
  fromLocalInput,
  startOfDayIn,
  toLocalInput,
  type TimeZoneName,
} from '../domain/time-zone';
import type { CalendarDate } from '../services/payments/payments-api';
import { unprovidedAction, unprovidedActor } from './unprovided';

// One date to reserve: day and times in the chosen zone, capacity, rehearsal, event
// announcement. While the slot is valid the domain price is shown at once; after a pause the
// server's calc_price confirms it, then the world's dates of that day are read for conflicts.
// A change of the slot starts over (the pending timer and requests are cancelled).

export const DEBOUNCE_MS = 400;
const DEFAULT_START = '10:00';
const DEFAULT_END = '11:30';
const DEFAULT_CAPACITY = '10';

export interface ReservationInput {
  worldId: string;
  timezone: TimeZoneName;
}

export type ReservationEvent =
  | { type: 'reservation.daySelected'; day: string }
  | { type: 'reservation.startChanged'; value: string }
  | { type: 'reservation.endChanged'; value: string }
  | { type: 'reservation.capacityChanged'; value: string }
  | { type: 'reservation.timezoneChanged'; timezone: TimeZoneName }
  | { type: 'reservation.rehearsalChanged'; value: boolean }
  | { type: 'reservation.eventAnnouncementChanged'; value: string }
  /** `now`: the time of the click (ms since the epoch), to refuse a start already past. */
  | { type: 'reservation.addToCart'; now: number }
  | { type: 'reservation.retry' };

type SlotEvent = Extract<
  ReservationEvent,
  {
    type:
      | 'reservation.daySelected'
      | 'reservation.startChanged'
      | 'reservation.endChanged'
      | 'reservation.capacityChanged'
      | 'reservation.timezoneChanged';
  }
>;

export interface ReservationContext {
  worldId: string;
  timezone: TimeZoneName;
  draft: ReservationDraft;
  /** Shown at the fields: after a failed "add", every message; before, only what is wrong in what was typed. */
  errors: DraftErrors;
  attempted: boolean;
  /** The domain's price of the draft, shown at once; null while the slot is not valid. */
  localPrice: number | null;
  /** calc_price's answer for the same slot. */
  serverPrice: number | null;
  quoteError: string | null;
  /** The world's dates on the slot's day(s), as last read. */
  dayDates: CalendarDate[];
  /** The live ones (pending or reserved) that overlap the slot. */
  conflicts: CalendarDate[];
  checkError: string | null;
  /** Why the last "add" was refused. */
  message: string | null;
}

const emptyDraft: ReservationDraft = {
  start: '',
  end: '',
  capacity: DEFAULT_CAPACITY,
  isRehearsal: false,
  eventAnnouncementId: '',
};

const timeOf = (local: string, fallback: string) => /T(\d{2}:\d{2})$/.exec(local)?.[1] ?? fallback;

/** The draft and zone after a change of the slot. */
function applySlotEvent(context: Pick<ReservationContext, 'draft' | 'timezone'>, event: SlotEvent) {
  const { draft, timezone } = context;
  switch (event.type) {
    case 'reservation.daySelected': {
      // The new day keeps the times; an end at or before the start runs into the next day.
      const startTime = timeOf(draft.start, DEFAULT_START);
      const endTime = timeOf(draft.end, DEFAULT_END);
      const endDay = endTime > startTime ? event.day : addDaysToDay(event.day, 1);
      return {
        timezone,
        draft: { ...draft, start: `${event.day}T${startTime}`, end: `${endDay}T${endTime}` },
      };
    }
    case 'reservation.startChanged':
      return { timezone, draft: { ...draft, start: event.value } };
    case 'reservation.endChanged':
      return { timezone, draft: { ...draft, end: event.value } };
    case 'reservation.capacityChanged':
      return { timezone, draft: { ...draft, capacity: event.value } };
    case 'reservation.timezoneChanged': {
      // Same instants, shown in the other zone.
      const convert = (value: string) => {
        const at = fromLocalInput(value, timezone);
        return at ? toLocalInput(at, event.timezone) : value;
      };
      return {
        timezone: event.timezone,
        draft: { ...draft, start: convert(draft.start), end: convert(draft.end) },
      };
    }
  }
}

/** The draft's slot fields only: the event announcement id is checked when adding. */
const checkSlot = (draft: ReservationDraft, zone: TimeZoneName) =>
  checkDraft({ ...draft, eventAnnouncementId: '' }, zone);

/** Messages about what was typed; "required" ones wait until an add was tried. */
function visibleErrors(errors: DraftErrors, attempted: boolean): DraftErrors {
  if (attempted) return errors;
  const typed: DraftErrors = {};
  for (const [field, list] of Object.entries(errors) as [keyof DraftErrors, string[]][]) {
    const shown = list.filter((message) => message !== '入力してください。');
    if (shown.length) typed[field] = shown;
  }
  return typed;
}

function afterSlotEvent(
  context: ReservationContext,
  event: SlotEvent,
): Partial<ReservationContext> {
  const { draft, timezone } = applySlotEvent(context, event);
  const check = checkSlot(draft, timezone);
  const all = checkDraft(draft, timezone);
  return {
    draft,
    timezone,
    errors: all.ok ? {} : visibleErrors(all.errors, context.attempted),
    localPrice: check.ok ? priceYen(check.slot) : null,
    serverPrice: null,
    quoteError: null,
    conflicts: [],
    checkError: null,
    message: null,
  };
}

/** The slot of a valid draft; the machine only asks for it in states where the draft is valid. */
function slotOf(context: Pick<ReservationContext, 'draft' | 'timezone'>) {
  const check = checkSlot(context.draft, context.timezone);
  if (!check.ok) throw new Error('calendar-reservation.machine: the draft is not a valid slot');
  return check.slot;
}

/** Every day the slot touches, from the start of its first day to the end of its last, in the zone. */
function daysOf(context: Pick<ReservationContext, 'draft' | 'timezone'>) {
  const { startAt, endAt } = slotOf(context);
  const lastDay = dayOf(new Date(endAt.getTime() - 1), context.timezone);
  return {
    from: startOfDayIn(dayOf(startAt, context.timezone), context.timezone),
    to: startOfDayIn(addDaysToDay(lastDay, 1), context.timezone),
  };
}

function itemOf(context: ReservationContext): CartItem {
  const { startAt, endAt, capacity } = slotOf(context);
  const eventAnnouncementId = context.draft.eventAnnouncementId.trim();
  return {
    worldId: context.worldId,
    startAt: startAt.toISOString(),
    endAt: endAt.toISOString(),
    capacity,
    isRehearsal: context.draft.isRehearsal,
    eventAnnouncementId: eventAnnouncementId === '' ? null : eventAnnouncementId,
    price: context.serverPrice ?? context.localPrice ?? 0,
  };
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'エラーが発生しました。';

export const calendarReservationMachine = setup({
  types: {} as {
    context: ReservationContext;
    events: ReservationEvent;
    input: ReservationInput | undefined;
  },
  actors: {
    calcPrice: unprovidedActor<
      number,
      { worldId: string; startAt: Date; endAt: Date; capacity: number }
    >('calendar-reservation', 'calcPrice'),
    listDates: unprovidedActor<CalendarDate[], { worldId: string; from: Date; to: Date }>(
      'calendar-reservation',
      'listDates',
    ),
  },
  actions: {
    // Effect, provided by the app: hands the item to the cart (cart.itemAdded).
    addToCart: unprovidedAction<{ item: CartItem; timezone: TimeZoneName }>(
      'calendar-reservation',
      'addToCart',
    ),
    // Context.
    applySlotChange: assign(({ context, event }) => afterSlotEvent(context, event as SlotEvent)),
    setRehearsal: assign(({ context }, params: { value: boolean }) => ({
      draft: { ...context.draft, isRehearsal: params.value },
    })),
    setEventAnnouncement: assign(({ context }, params: { value: string }) => {
      const draft = { ...context.draft, eventAnnouncementId: params.value };
      const check = checkDraft(draft, context.timezone);
      return { draft, errors: check.ok ? {} : visibleErrors(check.errors, context.attempted) };
    }),
    showAllErrors: assign(({ context }) => {
      const check = checkDraft(context.draft, context.timezone);
      return { attempted: true, errors: check.ok ? {} : check.errors };
    }),
    setServerPrice: assign((_, params: { price: number }) => ({
      serverPrice: params.price,
      quoteError: null,
    })),
    setQuoteError: assign((_, params: { error: unknown }) => ({
      quoteError: messageOf(params.error),
    })),
    setDayDates: assign(({ context }, params: { dates: CalendarDate[] }) => ({
      dayDates: params.dates,
      conflicts: conflictsOf(slotOf(context), params.dates),
      checkError: null,
    })),
    setCheckError: assign((_, params: { error: unknown }) => ({
      checkError: messageOf(params.error),
    })),
    clearCheckError: assign({ checkError: null }),
    refuseConflict: assign({ message: CONFLICT_MESSAGE }),
    refusePast: assign({ message: PAST_MESSAGE }),
    clearMessage: assign({ message: null, attempted: false }),
  },
  guards: {
    validAfter: ({ context, event }) => {
      const { draft, timezone } = applySlotEvent(context, event as SlotEvent);
      return checkSlot(draft, timezone).ok;
    },
    draftInvalid: ({ context }) => !checkDraft(context.draft, context.timezone).ok,
    hasConflicts: ({ context }) => context.conflicts.length > 0,
    startsBefore: ({ context }, params: { now: number }) =>
      slotOf(context).startAt.getTime() <= params.now,
  },
  delays: { debounce: DEBOUNCE_MS },
}).createMachine({
  id: 'calendarReservation',
  context: ({ input }) => ({
    worldId: input?.worldId ?? '',
    timezone: input?.timezone ?? DEFAULT_TIME_ZONE,
    draft: emptyDraft,
    errors: {},
    attempted: false,
    localPrice: null,
    serverPrice: null,
    quoteError: null,
    dayDates: [],
    conflicts: [],
    checkError: null,
    message: null,
  }),
  initial: 'editing',
  on: {
    // A change of the slot (day, times, capacity, zone) starts the estimate and check over.
    ...Object.fromEntries(
      (
        [
          'reservation.daySelected',
          'reservation.startChanged',
          'reservation.endChanged',
          'reservation.capacityChanged',
          'reservation.timezoneChanged',
        ] as const
      ).map((type) => [
        type,
        [
          { guard: 'validAfter', target: '.debouncing', actions: 'applySlotChange' },
          { target: '.editing', actions: 'applySlotChange' },
        ],
      ]),
    ),
    // Neither changes the price or the time taken.
    'reservation.rehearsalChanged': {
      actions: { type: 'setRehearsal', params: ({ event }) => ({ value: event.value }) },
    },
    'reservation.eventAnnouncementChanged': {
      actions: { type: 'setEventAnnouncement', params: ({ event }) => ({ value: event.value }) },
    },
  },
  states: {
    /** The slot is not valid (yet): no estimate beyond what the fields say. */
    editing: {
      on: { 'reservation.addToCart': { actions: 'showAllErrors' } },
    },
    /** Valid; waiting for the typing to pause before asking the server. */
    debouncing: {
      after: { debounce: 'quoting' },
    },
    quoting: {
      invoke: {
        id: 'calcPrice',
        src: 'calcPrice',
        input: ({ context }) => ({ worldId: context.worldId, ...slotOf(context) }),
        onDone: {
          target: 'checking',
          actions: { type: 'setServerPrice', params: ({ event }) => ({ price: event.output }) },
        },
        // The domain's estimate stands; the server prices the charge anyway.
        onError: {
          target: 'checking',
          actions: { type: 'setQuoteError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Reads the world's dates of the slot's day(s) to show conflicts before paying. */
    checking: {
      invoke: {
        id: 'checkConflicts',
        src: 'listDates',
        input: ({ context }) => ({ worldId: context.worldId, ...daysOf(context) }),
        onDone: {
          target: 'ready',
          actions: { type: 'setDayDates', params: ({ event }) => ({ dates: event.output }) },
        },
        onError: {
          target: 'checkFailed',
          actions: { type: 'setCheckError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkFailed: {
      on: { 'reservation.retry': { target: 'checking', actions: 'clearCheckError' } },
    },
    ready: {
      on: {
        'reservation.addToCart': [
          { guard: 'draftInvalid', actions: 'showAllErrors' },
          { guard: 'hasConflicts', actions: 'refuseConflict' },
          {
            guard: { type: 'startsBefore', params: ({ event }) => ({ now: event.now }) },
            actions: 'refusePast',
          },
          {
            actions: [
              {
                type: 'addToCart',
                params: ({ context }) => ({ item: itemOf(context), timezone: context.timezone }),
              },
              'clearMessage',
            ],
          },
        ],
      },
    },
  },
});

export type ReservationSnapshot = SnapshotFrom<typeof calendarReservationMachine>;
