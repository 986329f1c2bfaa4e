// A closing page leaves its meeting (ADR 035): navigator.sendBeacon outlives the page but cannot
// carry the session headers, so the join's leave key is the credential.

/** Sends the key; false when the browser would not queue it (the heartbeat ends it then). */
export function sendLeaveBeacon(key: string): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  const body = new Blob([JSON.stringify({ key })], { type: 'application/json' });
  return navigator.sendBeacon('/api/chime_meeting_leaves', body);
}
