import { describe, expect, it } from 'vitest';
import { isUnsupportedAppleDevice, parseAppleMobileOs } from './device-support';

// Real user agent strings, as the browsers send them.
const UA = {
  iphone12_1:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  iphone12_2:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  iphone11:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Mobile/15A372 Safari/604.1',
  iphone17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome12:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/69.0.3497.105 Mobile/15E148 Safari/605.1',
  ipad12_1:
    'Mozilla/5.0 (iPad; CPU OS 12_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.0 Mobile/15E148 Safari/604.1',
  ipad12_4:
    'Mozilla/5.0 (iPad; CPU OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  ipod9:
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 9_3_5 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13G36 Safari/601.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.2 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
};

describe('parseAppleMobileOs', () => {
  it('reads the iPhone OS version', () => {
    expect(parseAppleMobileOs(UA.iphone12_1, 5)).toEqual({ device: 'iphone', version: [12, 1] });
  });

  it('reads an iPad version from "CPU OS"', () => {
    expect(parseAppleMobileOs(UA.ipad12_4, 5)).toEqual({ device: 'ipad', version: [12, 4] });
  });

  it('takes a missing minor version as 0', () => {
    expect(parseAppleMobileOs(UA.iphone11, 5)).toEqual({ device: 'iphone', version: [11, 0] });
  });

  it('takes a touch Macintosh for an iPad in desktop mode (iPadOS 13 or later)', () => {
    expect(parseAppleMobileOs(UA.ipadDesktopMode, 5)).toEqual({
      device: 'ipad',
      version: 'desktop-mode',
    });
  });

  it('takes a Macintosh without touch for a Mac', () => {
    expect(parseAppleMobileOs(UA.ipadDesktopMode, 0)).toBeNull();
  });

  it('ignores other systems', () => {
    expect(parseAppleMobileOs(UA.android, 5)).toBeNull();
    expect(parseAppleMobileOs(UA.windows, 10)).toBeNull();
  });
});

describe('isUnsupportedAppleDevice', () => {
  it.each([
    ['iPhone iOS 12.1', UA.iphone12_1],
    ['iPhone iOS 11.0', UA.iphone11],
    ['Chrome on iPhone iOS 12.0', UA.iphoneChrome12],
    ['iPad iOS 12.1', UA.ipad12_1],
    ['iPod touch iOS 9.3.5', UA.ipod9],
  ])('refuses %s', (_name, ua) => {
    expect(isUnsupportedAppleDevice(ua, 5)).toBe(true);
  });

  it.each([
    ['iPhone iOS 12.2 (the minimum)', UA.iphone12_2],
    ['iPhone iOS 17.5', UA.iphone17],
    ['iPad iOS 12.4', UA.ipad12_4],
    ['iPadOS 13+ in desktop mode', UA.ipadDesktopMode],
    ['Android', UA.android],
    ['Windows', UA.windows],
  ])('accepts %s', (_name, ua) => {
    expect(isUnsupportedAppleDevice(ua, 5)).toBe(false);
  });
});
