// The devices chosen on an earlier visit (the device statechart restores them when they are
// still plugged in). Device ids are per site and carry nothing personal.
import { parseBackgroundChoice, type BackgroundChoice } from '../../../domain/virtual-background';
import type { StoredChoices } from '../../../machines/devices.machine';
import { readChoice, writeChoice } from '../../../services/storage';

export function loadChoices(): Partial<StoredChoices> {
  try {
    const parsed: unknown = JSON.parse(readChoice('meetingDeviceChoices') ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Partial<StoredChoices> = {};
    for (const key of ['audioInputId', 'videoInputId', 'audioOutputId'] as const) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === 'string') out[key] = value;
    }
    return out;
  } catch {
    // A damaged value: start from the browser's defaults.
    return {};
  }
}

export function saveChoice(key: keyof StoredChoices, deviceId: string | null): void {
  writeChoice('meetingDeviceChoices', JSON.stringify({ ...loadChoices(), [key]: deviceId }));
}

/** The virtual background of the last visit (none when there is none or it cannot be read). */
export function loadBackground(): BackgroundChoice {
  try {
    return parseBackgroundChoice(JSON.parse(readChoice('meetingBackground') ?? 'null'));
  } catch {
    return { kind: 'none' };
  }
}

export function saveBackground(choice: BackgroundChoice): void {
  writeChoice('meetingBackground', JSON.stringify(choice));
}
