import type { ReactNode } from 'react';
import { DeviceToggles, type DevicesActor } from './device-controls';
import { panelId, PANELS, type PanelKey, type SidePanelState } from './side-panels';

/**
 * The world page's one toolbar, at the bottom (docs/decisions/030-world-page-as-a-place.md):
 * microphone, camera and screen share; reactions and the hand; the settings; a button per side panel (the chat's with
 * its unread count); leaving. A watcher sends nothing (ADR 026), so has no device switches.
 */
export function WorldToolbar({
  devices,
  watching,
  interact,
  panels,
  badges = {},
  onSettings,
  canLeave,
  onLeave,
}: {
  devices: DevicesActor;
  watching: boolean;
  /** Reactions and the hand (docs/product.md §4), for one who sits in a space. */
  interact?: ReactNode;
  panels: { keys: readonly PanelKey[]; state: SidePanelState };
  /** Shown after a panel's name on its button (the chat's unread count). */
  badges?: Partial<Record<PanelKey, ReactNode>>;
  onSettings: () => void;
  canLeave: boolean;
  onLeave: () => void;
}) {
  return (
    <section className="world-toolbar" aria-label="会議の操作">
      {!watching && <DeviceToggles devices={devices} screenShare />}
      {interact && <div className="world-toolbar-group">{interact}</div>}
      <div className="world-toolbar-group">
        <button type="button" className="button" aria-haspopup="dialog" onClick={onSettings}>
          設定
        </button>
        {panels.keys.map((key) => (
          <button
            key={key}
            type="button"
            className="button world-toolbar-panel"
            aria-expanded={panels.state.open === key}
            aria-controls={panelId(key)}
            onClick={() => panels.state.toggle(key)}
          >
            {PANELS[key]}
            {badges[key]}
          </button>
        ))}
        <button
          type="button"
          className="button button-danger"
          disabled={!canLeave}
          onClick={onLeave}
        >
          退出する
        </button>
      </div>
    </section>
  );
}
