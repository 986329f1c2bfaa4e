import { describe, expect, it } from 'vitest';
import { checkCardInput } from './card-input';
import { checkDraft, conflictsOf } from './reservation';
import {
  dayOf,
  formatDateTime,
  fromLocalInput,
  startOfDayIn,
  toLocalInput,
  weekOf,
} from './time-zone';

describe('time zones', () => {
  it('reads and shows wall-clock times in Asia/Tokyo and UTC as YYYY/MM/DD HH:mm', () => {
    const at = fromLocalInput('2030-06-03T10:00', 'Asia/Tokyo');

    expect(at?.toISOString()).toBe('2030-06-03T01:00:00.000Z');
    expect(formatDateTime('2030-06-02T16:30:00.000Z', 'Asia/Tokyo')).toBe('2030/06/03 01:30');
    expect(formatDateTime('2030-06-02T16:30:00.000Z', 'UTC')).toBe('2030/06/02 16:30');
    expect(toLocalInput('2030-06-02T16:30:00.000Z', 'UTC')).toBe('2030-06-02T16:30');
    expect(dayOf('2030-06-02T16:30:00.000Z', 'Asia/Tokyo')).toBe('2030-06-03');
    expect(startOfDayIn('2030-06-03', 'Asia/Tokyo').toISOString()).toBe('2030-06-02T15:00:00.000Z');
  });

  it('refuses dates that do not exist and gives Monday-first weeks', () => {
    expect(fromLocalInput('2030-02-30T10:00', 'UTC')).toBeNull();
    expect(weekOf('2030-06-09')).toEqual([
      '2030-06-03',
      '2030-06-04',
      '2030-06-05',
      '2030-06-06',
      '2030-06-07',
      '2030-06-08',
      '2030-06-09',
    ]);
  });
});

describe('reservation draft', () => {
  const draft = {
    start: '2030-06-03T10:00',
    end: '2030-06-03T11:30',
    capacity: '20',
    isRehearsal: false,
    eventAnnouncementId: '',
  };

  it('turns a draft into a slot and checks capacity bounds and order of times', () => {
    expect(checkDraft(draft, 'UTC')).toEqual({
      ok: true,
      slot: {
        startAt: new Date('2030-06-03T10:00:00Z'),
        endAt: new Date('2030-06-03T11:30:00Z'),
        capacity: 20,
      },
    });
    expect(checkDraft({ ...draft, capacity: '1001', end: draft.start }, 'UTC')).toEqual({
      ok: false,
      errors: {
        end: ['終了日時は開始日時より後にしてください。'],
        capacity: ['1000以下の値にしてください。'],
      },
    });
  });

  it('counts only pending and reserved dates that overlap as conflicts (touching ends do not)', () => {
    const slot = {
      startAt: new Date('2030-06-03T01:00:00Z'),
      endAt: new Date('2030-06-03T02:30:00Z'),
    };
    const dates = [
      {
        startAt: '2030-06-03T02:00:00Z',
        endAt: '2030-06-03T03:00:00Z',
        status: 'pending' as const,
      },
      {
        startAt: '2030-06-03T02:30:00Z',
        endAt: '2030-06-03T03:00:00Z',
        status: 'reserved' as const,
      },
      {
        startAt: '2030-06-03T01:00:00Z',
        endAt: '2030-06-03T02:00:00Z',
        status: 'cancelled' as const,
      },
    ];

    expect(conflictsOf(slot, dates)).toEqual([dates[0]]);
  });
});

describe('local card form', () => {
  it('accepts a spaced test number and names every wrong field', () => {
    expect(
      checkCardInput({
        number: '4242 4242 4242 4242',
        expMonth: '12',
        expYear: '2030',
        cvc: '123',
      }),
    ).toEqual({
      ok: true,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    const check = checkCardInput({ number: '42', expMonth: '13', expYear: '30', cvc: '' });
    expect(check.ok ? [] : Object.keys(check.errors)).toEqual([
      'number',
      'expMonth',
      'expYear',
      'cvc',
    ]);
  });
});
