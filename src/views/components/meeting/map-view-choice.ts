// Whether the map is shown in the world (session state's map view mode, docs/product.md §3), kept
// in local storage so that a reload or the next visit shows it the same way. Shown by default.
const KEY = 'meetingMapViewMode';

export function loadMapViewMode(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'hidden';
  } catch {
    // Blocked storage: the default.
    return true;
  }
}

export function saveMapViewMode(shown: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, shown ? 'shown' : 'hidden');
  } catch {
    // Not remembered this time; the choice still applies now.
  }
}
