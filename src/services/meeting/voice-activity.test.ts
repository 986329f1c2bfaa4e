import { describe, expect, it } from 'vitest';
import { HOLD_MS, SPEAKING_LEVEL, speakingStep } from './voice-activity';

describe('speaking, from the level of a voice', () => {
  it('speaks while loud, and for a moment after, then not', () => {
    expect(speakingStep(SPEAKING_LEVEL, 1_000, null)).toEqual({
      speaking: true,
      lastLoudAt: 1_000,
    });
    expect(speakingStep(0, 1_000 + HOLD_MS - 1, 1_000)).toEqual({
      speaking: true,
      lastLoudAt: 1_000,
    });
    expect(speakingStep(0, 1_000 + HOLD_MS, 1_000)).toEqual({ speaking: false, lastLoudAt: null });
  });

  it('a room hum under the level never speaks', () => {
    expect(speakingStep(SPEAKING_LEVEL / 2, 5_000, null)).toEqual({
      speaking: false,
      lastLoudAt: null,
    });
  });
});
