import { useEffect } from 'react';
import { selectLeaveKey } from '../../../machines/meeting.selectors';
import { sendLeaveBeacon } from '../../../services/meeting/leave-beacon';
import type { WorldActors } from './world-actors';

/**
 * A page that is closed says so (docs/product.md §4): on `pagehide` it sends its leave key, so
 * its seat frees within seconds rather than after the heartbeat. A page kept in the back-forward
 * cache (`persisted`) may come back and stays.
 */
export function useLeaveBeacon(meeting: WorldActors['meeting']) {
  useEffect(() => {
    const onPageHide = (event: PageTransitionEvent) => {
      if (event.persisted) return;
      const key = selectLeaveKey(meeting.getSnapshot());
      if (key) sendLeaveBeacon(key);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [meeting]);
}
