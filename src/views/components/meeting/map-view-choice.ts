// Whether the map is shown in the world (session state's map view mode, docs/product.md §3), kept
// on this device so that a reload or the next visit shows it the same way. Shown by default.
import { readChoice, writeChoice } from '../../../services/storage';

export function loadMapViewMode(): boolean {
  return readChoice('meetingMapViewMode') !== 'hidden';
}

export function saveMapViewMode(shown: boolean): void {
  writeChoice('meetingMapViewMode', shown ? 'shown' : 'hidden');
}
