import { useEffect, useId, useRef } from 'react';
import { BellSound } from './bell-panel';
import { DeviceSettings } from './device-settings';
import type { DevicesActor } from './device-controls';
import { HighFrameRateToggle } from './high-frame-rate-toggle';
import { AwayAfterSetting } from './status-control';
import type { WorldActors } from './world-actors';

/**
 * 「設定」: which microphone, camera and speaker, the virtual background, smooth screen share and
 * the bell's sound, when one's status becomes 離席中, in a modal dialog opened from the toolbar (the page itself carries none of
 * them). Its content exists only while it is open; Escape and 閉じる close it and the browser
 * gives the focus back to the toolbar's button.
 */
export function SettingsDialog({
  open,
  onClose,
  world,
  devices,
  watching,
}: {
  open: boolean;
  onClose: () => void;
  world: WorldActors;
  devices: DevicesActor;
  /** A watcher sends nothing (ADR 026): no devices to choose. */
  watching: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="settings-dialog" aria-labelledby={titleId} onClose={onClose}>
      {open && (
        <>
          <h2 id={titleId}>設定</h2>
          {watching ? (
            <p>視聴中のため、カメラとマイクは止めています。</p>
          ) : (
            <>
              <DeviceSettings devices={devices} />
              <HighFrameRateToggle world={world} />
            </>
          )}
          <BellSound />
          {!watching && <AwayAfterSetting />}
          <div className="button-row">
            <button type="button" className="button" onClick={onClose}>
              閉じる
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
