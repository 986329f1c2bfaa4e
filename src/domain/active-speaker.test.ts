import { describe, expect, it } from 'vitest';
import { activeSpeaker } from './active-speaker';

const set = (...ids: string[]) => new Set(ids);

describe('the active speaker', () => {
  it('is nobody until someone speaks, then the one who began speaking', () => {
    expect(activeSpeaker(null, set(), set())).toBeNull();
    expect(activeSpeaker(null, set(), set('a'))).toBe('a');
  });

  it('is the one who began last, while the earlier one goes on', () => {
    expect(activeSpeaker('a', set('a'), set('a', 'b'))).toBe('b');
  });

  it('stays while they pause and while another who spoke already goes on', () => {
    expect(activeSpeaker('a', set('a'), set())).toBe('a');
    expect(activeSpeaker('b', set('a', 'b'), set('a'))).toBe('b');
  });
});
