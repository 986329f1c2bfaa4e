import { describe, expect, it } from 'vitest';
import { acceptHex, clampHue, hueOf, isValidHex, normalizeHex, orCurrent, withHue } from './colour';

describe('isValidHex', () => {
  it.each(['#abc', '#ABC', '#a1b2c3', '#FFFFFF'])('accepts %s', (value) => {
    expect(isValidHex(value)).toBe(true);
  });

  it.each(['', 'abc', '#ab', '#abcd', '#abcdefg', '#ggg', ' #abc', 'red', '#12345'])(
    'refuses %j',
    (value) => {
      expect(isValidHex(value)).toBe(false);
    },
  );
});

describe('hex input', () => {
  it('takes a valid hex, normalized to six lower-case digits', () => {
    expect(acceptHex('#F0A', '#000000')).toBe('#ff00aa');
  });

  it('keeps the current colour for an invalid hex', () => {
    expect(acceptHex('#12', '#336699')).toBe('#336699');
    expect(acceptHex('', '#336699')).toBe('#336699');
  });

  it('normalizeHex throws on an invalid value', () => {
    expect(() => normalizeHex('blue')).toThrow('Not a hex colour: blue');
  });
});

describe('other colour inputs', () => {
  it('fall back to the current value when left empty', () => {
    expect(orCurrent('', '120')).toBe('120');
    expect(orCurrent('   ', '120')).toBe('120');
  });

  it('keep what was typed otherwise', () => {
    expect(orCurrent('200', '120')).toBe('200');
  });
});

describe('hue', () => {
  it('reads the hue of primary colours', () => {
    expect(hueOf('#ff0000')).toBe(0);
    expect(hueOf('#00ff00')).toBe(120);
    expect(hueOf('#0000ff')).toBe(240);
  });

  it('turns a colour to another hue keeping saturation and lightness', () => {
    expect(withHue('#ff0000', 120)).toBe('#00ff00');
    expect(withHue('#ff0000', 360)).toBe('#ff0000');
  });

  it('gives a grey the full colour of the chosen hue', () => {
    expect(withHue('#808080', 240)).toBe('#0000ff');
  });

  it('clamps the hue to 0..360', () => {
    expect(clampHue(-5)).toBe(0);
    expect(clampHue(400)).toBe(360);
    expect(clampHue(Number.NaN)).toBe(0);
  });
});
