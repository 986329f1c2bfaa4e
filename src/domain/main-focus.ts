// What takes the world page's main area (docs/decisions/040-main-area-and-owner-menu.md): a
// screen share in one's space (someone else's, or one's own), else the stage's video for one who
// watches it, else the map. Whatever is not the map makes the map a small panel.

export type MainFocus = 'share' | 'stage' | 'map';

export function mainFocusOf(now: {
  /** A screen share of someone in one's space is received. */
  othersShare: boolean;
  /** One shares one's own screen. */
  ownShare: boolean;
  /** One watches the stage's stream (ADR 026). */
  watching: boolean;
}): MainFocus {
  if (now.othersShare || now.ownShare) return 'share';
  return now.watching ? 'stage' : 'map';
}
