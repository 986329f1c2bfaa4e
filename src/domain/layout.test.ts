import { describe, expect, it } from 'vitest';
import { layoutIssues, layoutMessages, layoutProblems, type PlacedSpace, snap } from './layout';

const hall: PlacedSpace = {
  name: 'ホール',
  kind: 'hall',
  x: 0,
  y: 0,
  width: 400,
  height: 800,
  capacity: 50,
};
const table = (name: string, x: number, y: number): PlacedSpace => ({
  name,
  kind: 'table',
  x,
  y,
  width: 200,
  height: 200,
  capacity: 6,
});

describe('layoutProblems', () => {
  it('accepts spaces that touch but do not overlap, inside the 1200 × 800 grid', () => {
    expect(
      layoutProblems([hall, table('A', 400, 0), table('B', 600, 0), table('C', 1000, 600)]),
    ).toEqual([]);
  });

  it('names both spaces of every overlap', () => {
    expect(layoutProblems([hall, table('A', 400, 0), table('B', 599, 199)])).toEqual([
      layoutMessages.overlap('A', 'B'),
    ]);
    expect(layoutProblems([hall, table('内側', 100, 100)])).toEqual([
      layoutMessages.overlap('ホール', '内側'),
    ]);
  });

  it('refuses a space past the right or bottom edge', () => {
    expect(layoutProblems([hall, table('右', 1001, 0), table('下', 400, 601)])).toEqual([
      layoutMessages.outside('右'),
      layoutMessages.outside('下'),
    ]);
  });

  it('needs exactly one hall and at most one stage', () => {
    const stage = (x: number): PlacedSpace => ({ ...table('ステージ', x, 0), kind: 'stage' });
    expect(layoutProblems([table('A', 400, 0)])).toEqual([layoutMessages.oneHall]);
    expect(layoutProblems([hall, stage(400), stage(600)])).toEqual([layoutMessages.oneStage]);
  });

  it('needs 1 to 1000 whole seats and a name of 1 to 50 characters, as the contract does', () => {
    const seats = (capacity: number) => ({ ...table('A', 400, 0), capacity });
    expect(layoutProblems([hall, seats(0)])).toEqual([layoutMessages.seats('A')]);
    expect(layoutProblems([hall, seats(-1), { ...table('B', 600, 0), capacity: 1.5 }])).toEqual([
      layoutMessages.seats('A'),
      layoutMessages.seats('B'),
    ]);
    expect(layoutProblems([hall, seats(1000), { ...table('', 600, 0), capacity: 1001 }])).toEqual([
      layoutMessages.name,
      layoutMessages.seats(''),
    ]);
    expect(layoutProblems([hall, table('あ'.repeat(50), 400, 0)])).toEqual([]);
    expect(layoutProblems([hall, table('あ'.repeat(51), 400, 0)])).toEqual([layoutMessages.name]);
  });

  it('says which spaces each problem is about, so the editor shows it beside them', () => {
    expect(layoutIssues([hall, table('A', 400, 0), table('B', 500, 100), seatless()])).toEqual([
      { message: layoutMessages.overlap('A', 'B'), spaces: [1, 2] },
      { message: layoutMessages.seats('C'), spaces: [3] },
    ]);
  });

  it('snaps to the 20-unit grid', () => {
    expect([snap(9), snap(10), snap(29), snap(31)]).toEqual([0, 20, 20, 40]);
  });
});

function seatless(): PlacedSpace {
  return { ...table('C', 1000, 600), capacity: 0 };
}
