import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { CartItem } from '../domain/cart';
import { CONFLICT_MESSAGE, PAST_MESSAGE } from '../domain/reservation';
import type { CalendarDate } from '../services/payments/payments-api';
import { calendarReservationMachine, DEBOUNCE_MS } from './calendar-reservation.machine';

const worldId = '00000000-0000-4000-8000-00000000000a';
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function date(
  startAt: string,
  endAt: string,
  status: CalendarDate['status'] = 'reserved',
): CalendarDate {
  return {
    id: `d-${startAt}`,
    worldId,
    isRehearsal: false,
    startAt,
    endAt,
    capacity: 10,
    status,
    paidByFixed: false,
    eventAnnouncementId: null,
    paymentHistory: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
}

function start({ dates = [] as CalendarDate[], price = async (p: number) => p } = {}) {
  const clock = new SimulatedClock();
  const quotes: { startAt: string; endAt: string; capacity: number; aborted: () => boolean }[] = [];
  const ranges: { from: string; to: string }[] = [];
  const added: { item: CartItem; timezone: string }[] = [];
  const actor = createActor(
    calendarReservationMachine.provide({
      actors: {
        calcPrice: fromPromise(async ({ input, signal }) => {
          quotes.push({
            startAt: input.startAt.toISOString(),
            endAt: input.endAt.toISOString(),
            capacity: input.capacity,
            aborted: () => signal.aborted,
          });
          const minutes = (input.endAt.getTime() - input.startAt.getTime()) / 60_000;
          return price(Math.ceil((minutes * input.capacity * 110) / 60));
        }),
        listDates: fromPromise(async ({ input }) => {
          ranges.push({ from: input.from.toISOString(), to: input.to.toISOString() });
          return dates;
        }),
      },
      actions: { addToCart: (_, params) => void added.push(params) },
    }),
    { clock, input: { worldId, timezone: 'Asia/Tokyo' } },
  );
  actor.start();
  return { actor, clock, quotes, ranges, added };
}

describe('calendar reservation machine', () => {
  it('shows the domain price at once and asks the server only after the typing pauses', async () => {
    const { actor, clock, quotes } = start();

    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });
    actor.send({ type: 'reservation.capacityChanged', value: '20' });

    // 10:00–11:30 × 20 people = ceil(90 × 20 × 110 / 60) = 3300, before any request.
    expect(actor.getSnapshot().context.localPrice).toBe(3300);
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);
    clock.increment(DEBOUNCE_MS - 1);
    expect(quotes).toEqual([]);

    clock.increment(1);
    await flush();

    expect(
      quotes.map((q) => ({ startAt: q.startAt, endAt: q.endAt, capacity: q.capacity })),
    ).toEqual([
      { startAt: '2030-06-03T01:00:00.000Z', endAt: '2030-06-03T02:30:00.000Z', capacity: 20 },
    ]);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.serverPrice).toBe(3300);
  });

  it('restarts the pause on every change and cancels a quote already asked for', async () => {
    const { actor, clock, quotes } = start({ price: () => new Promise<number>(() => {}) });
    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });
    clock.increment(DEBOUNCE_MS - 100);
    actor.send({ type: 'reservation.capacityChanged', value: '20' });
    clock.increment(DEBOUNCE_MS - 100);
    expect(quotes).toHaveLength(0);

    clock.increment(100);
    expect(actor.getSnapshot().matches('quoting')).toBe(true);
    actor.send({ type: 'reservation.capacityChanged', value: '30' });

    expect(quotes).toHaveLength(1);
    expect(quotes[0]?.aborted()).toBe(true);
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);
    expect(actor.getSnapshot().context.localPrice).toBe(4950);
  });

  it('reads the dates of the chosen day in the chosen zone and shows the live ones that overlap', async () => {
    const overlapping = date('2030-06-03T02:00:00.000Z', '2030-06-03T03:00:00.000Z');
    const cancelled = date('2030-06-03T01:00:00.000Z', '2030-06-03T02:00:00.000Z', 'cancelled');
    const { actor, clock, ranges, added } = start({ dates: [overlapping, cancelled] });

    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });
    clock.increment(DEBOUNCE_MS);
    await flush();

    expect(ranges).toEqual([{ from: '2030-06-02T15:00:00.000Z', to: '2030-06-03T15:00:00.000Z' }]);
    expect(actor.getSnapshot().context.conflicts).toEqual([overlapping]);
    actor.send({ type: 'reservation.addToCart', now: Date.parse('2030-01-01T00:00:00Z') });
    expect(actor.getSnapshot().context.message).toBe(CONFLICT_MESSAGE);
    expect(added).toEqual([]);
  });

  it('keeps the instants when the zone changes and shows them in the new zone', () => {
    const { actor } = start();
    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });

    actor.send({ type: 'reservation.timezoneChanged', timezone: 'UTC' });

    expect(actor.getSnapshot().context.draft).toMatchObject({
      start: '2030-06-03T01:00',
      end: '2030-06-03T02:30',
    });
    expect(actor.getSnapshot().context.timezone).toBe('UTC');
  });

  it('adds the slot with the server price, rehearsal flag and event announcement to the cart', async () => {
    const { actor, clock, added } = start();
    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });
    actor.send({ type: 'reservation.rehearsalChanged', value: true });
    actor.send({
      type: 'reservation.eventAnnouncementChanged',
      value: '00000000-0000-4000-8000-0000000000aa',
    });
    clock.increment(DEBOUNCE_MS);
    await flush();

    actor.send({ type: 'reservation.addToCart', now: Date.parse('2030-01-01T00:00:00Z') });

    expect(added).toEqual([
      {
        timezone: 'Asia/Tokyo',
        item: {
          worldId,
          startAt: '2030-06-03T01:00:00.000Z',
          endAt: '2030-06-03T02:30:00.000Z',
          capacity: 10,
          isRehearsal: true,
          eventAnnouncementId: '00000000-0000-4000-8000-0000000000aa',
          price: 1650,
        },
      },
    ]);
  });

  it('refuses a start already past, and shows every message after an add with missing fields', async () => {
    const { actor, clock, added } = start();
    actor.send({ type: 'reservation.addToCart', now: 0 });
    expect(actor.getSnapshot().context.errors).toEqual({
      start: ['入力してください。'],
      end: ['入力してください。'],
    });

    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });
    clock.increment(DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'reservation.addToCart', now: Date.parse('2031-01-01T00:00:00Z') });

    expect(actor.getSnapshot().context.message).toBe(PAST_MESSAGE);
    expect(added).toEqual([]);
  });

  it('goes back to editing, with the message at the end, when the end is not after the start', () => {
    const { actor } = start();
    actor.send({ type: 'reservation.daySelected', day: '2030-06-03' });

    actor.send({ type: 'reservation.endChanged', value: '2030-06-03T09:00' });

    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      end: ['終了日時は開始日時より後にしてください。'],
    });
    expect(actor.getSnapshot().context.localPrice).toBeNull();
  });
});
