import { isUnsupportedAppleDevice, UNSUPPORTED_IOS_MESSAGE } from '../../domain/device-support';

/** The iOS / iPadOS below 12.2 message (docs/product.md §5), at the top of every page. */
export function UnsupportedDeviceNotice() {
  if (typeof navigator === 'undefined') return null;
  if (!isUnsupportedAppleDevice(navigator.userAgent, navigator.maxTouchPoints || 0)) return null;
  return (
    <div className="unsupported-device" role="alert">
      {UNSUPPORTED_IOS_MESSAGE}
    </div>
  );
}
