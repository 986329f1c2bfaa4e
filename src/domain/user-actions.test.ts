import { describe, expect, it } from 'vitest';
import {
  actionsBetween,
  isUserActionType,
  OUTSIDE,
  toNdjson,
  type VisitState,
} from './user-actions';

const inTable: VisitState = { ...OUTSIDE, spaceId: 'table-1', micOn: true };

describe('actionsBetween', () => {
  it('records entering on the first meeting joined, without the devices as they were', () => {
    expect(actionsBetween(OUTSIDE, inTable)).toEqual(['world.entered']);
    expect(actionsBetween(OUTSIDE, { ...inTable, watching: true })).toEqual([
      'world.entered',
      'stage.watchStarted',
    ]);
  });

  it('records leaving when no meeting is left, and nothing while outside', () => {
    expect(actionsBetween(inTable, OUTSIDE)).toEqual(['world.left']);
    expect(actionsBetween(OUTSIDE, { ...OUTSIDE, micOn: true })).toEqual([]);
  });

  it('records a move, starting to watch, and each device switched', () => {
    expect(actionsBetween(inTable, { ...inTable, spaceId: 'table-2' })).toEqual(['space.moved']);
    expect(actionsBetween(inTable, { ...inTable, spaceId: 'stage', watching: true })).toEqual([
      'stage.watchStarted',
    ]);
    expect(actionsBetween(inTable, { ...inTable, micOn: false, cameraOn: true })).toEqual([
      'mic.off',
      'camera.on',
    ]);
    expect(actionsBetween({ ...inTable, micOn: false }, inTable)).toEqual(['mic.on']);
    expect(actionsBetween(inTable, { ...inTable, sharing: true })).toEqual(['share.started']);
    expect(actionsBetween({ ...inTable, sharing: true }, inTable)).toEqual(['share.stopped']);
    expect(actionsBetween({ ...inTable, cameraOn: true }, inTable)).toEqual(['camera.off']);
    expect(actionsBetween(inTable, inTable)).toEqual([]);
  });
});

describe('toNdjson and the closed list of types', () => {
  it('writes one JSON line per action', () => {
    expect(toNdjson([{ actionType: 'mic.on', occurredAt: '2026-12-07T10:00:00.000Z' }])).toBe(
      '{"actionType":"mic.on","occurredAt":"2026-12-07T10:00:00.000Z"}\n',
    );
  });

  it('knows only the listed types', () => {
    expect(isUserActionType('space.moved')).toBe(true);
    expect(isUserActionType('speak')).toBe(false);
    expect(isUserActionType(3)).toBe(false);
  });
});
