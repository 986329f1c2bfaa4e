// The devices chosen on an earlier visit (the device statechart restores them when they are
// still plugged in). Device ids are per site and carry nothing personal.
import { parseBackgroundChoice, type BackgroundChoice } from '../../../domain/virtual-background';
import type { StoredChoices } from '../../../machines/devices.machine';

const KEY = 'meetingDeviceChoices';
const BACKGROUND_KEY = 'meetingBackground';

export function loadChoices(): Partial<StoredChoices> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Partial<StoredChoices> = {};
    for (const key of ['audioInputId', 'videoInputId', 'audioOutputId'] as const) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') out[key] = value;
    }
    return out;
  } catch {
    // Blocked storage or a damaged value: start from the browser's defaults.
    return {};
  }
}

export function saveChoice(key: keyof StoredChoices, deviceId: string | null): void {
  try {
    const choices = { ...loadChoices(), [key]: deviceId };
    globalThis.localStorage?.setItem(KEY, JSON.stringify(choices));
  } catch {
    // Not remembered this time; the choice still applies now.
  }
}

/** The virtual background of the last visit (none when there is none or it cannot be read). */
export function loadBackground(): BackgroundChoice {
  try {
    return parseBackgroundChoice(
      JSON.parse(globalThis.localStorage?.getItem(BACKGROUND_KEY) ?? 'null'),
    );
  } catch {
    return { kind: 'none' };
  }
}

export function saveBackground(choice: BackgroundChoice): void {
  try {
    globalThis.localStorage?.setItem(BACKGROUND_KEY, JSON.stringify(choice));
  } catch {
    // Not remembered this time; the choice still applies now.
  }
}
