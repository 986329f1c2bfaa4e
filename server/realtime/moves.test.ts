import { describe, expect, it } from 'vitest';
import { createMoveBudget } from './moves';

describe('the move budget', () => {
  it('allows a burst, then the rate, and says how long until the next move', () => {
    let now = 0;
    const budget = createMoveBudget(3, 5, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(budget.wait()).toBe(200);
    now += 200;
    expect(budget.take()).toBe(true);
    expect(budget.take()).toBe(false);
  });
});
