import { describe, expect, it } from 'vitest';
import { layoutProblems } from '../../src/domain/layout';
import { baseSpace, builtInPresets } from './built-ins';

describe('built-in presets', () => {
  it('are valid layouts on a built-in base space', () => {
    for (const preset of builtInPresets) {
      expect(layoutProblems(preset.spaces), preset.name).toEqual([]);
      expect(baseSpace(preset.baseSpaceId), preset.name).toBeDefined();
    }
  });

  it('ship 交流会 with 6 tables of 6 and セミナー with a stage and a hall', () => {
    const byName = (name: string) => builtInPresets.find((p) => p.name === name)!;
    const tables = byName('交流会').spaces.filter((s) => s.kind === 'table');
    expect(tables.map((t) => t.capacity)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(
      byName('セミナー')
        .spaces.map((s) => s.kind)
        .sort(),
    ).toEqual(['hall', 'stage']);
  });
});
