// Device support (docs/product.md §5): iPhone, iPod and iPad below iOS/iPadOS 12.2 are not supported.
//
// Written without optional chaining or `??` on purpose: the unsupported devices' Safari cannot
// parse them, so the check stays usable from a plain inline script if the build ever inlines it.

/** The lowest supported iOS / iPadOS version, [major, minor]. */
const MINIMUM_IOS_VERSION: readonly [number, number] = [12, 2];

/** Shown to a visitor whose iPhone or iPad runs an OS below MINIMUM_IOS_VERSION. */
export const UNSUPPORTED_IOS_MESSAGE =
  'お使いの端末の iOS / iPadOS のバージョン（12.2 未満）には対応していません。iOS または iPadOS を最新のバージョンにアップデートしてからご利用ください。';

export type AppleMobileOs =
  | { device: 'iphone' | 'ipad'; version: [number, number] }
  /** iPadOS 13 and later ask for the desktop site: the user agent says Macintosh and hides the version. */
  | { device: 'ipad'; version: 'desktop-mode' };

/**
 * Which iOS / iPadOS a user agent belongs to, or null for anything else.
 * `maxTouchPoints` (navigator.maxTouchPoints) tells an iPad in desktop mode from a real Mac:
 * Macs report 0, iPads 5. Every iPad that reports "Macintosh" runs iPadOS 13 or later, since
 * desktop-class browsing arrived with iPadOS 13, so its version need not be known.
 */
export function parseAppleMobileOs(
  userAgent: string,
  maxTouchPoints: number,
): AppleMobileOs | null {
  const mobile = /\((iPhone|iPod|iPad)\b[^)]*?\bOS (\d+)(?:_(\d+))?/.exec(userAgent);
  if (mobile) {
    const device = mobile[1] === 'iPad' ? 'ipad' : 'iphone';
    return { device, version: [Number(mobile[2]), Number(mobile[3] || 0)] };
  }
  if (/\(Macintosh\b/.test(userAgent) && maxTouchPoints > 1)
    return { device: 'ipad', version: 'desktop-mode' };
  return null;
}

/** True when the app must show UNSUPPORTED_IOS_MESSAGE for this user agent. */
export function isUnsupportedAppleDevice(userAgent: string, maxTouchPoints: number): boolean {
  const os = parseAppleMobileOs(userAgent, maxTouchPoints);
  if (!os || os.version === 'desktop-mode') return false;
  const [major, minor] = os.version;
  const [minMajor, minMinor] = MINIMUM_IOS_VERSION;
  return major < minMajor || (major === minMajor && minor < minMinor);
}
