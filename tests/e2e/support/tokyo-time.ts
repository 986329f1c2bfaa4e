// Dates as the pages' fields take them, in the demo worlds' time zone (Asia/Tokyo).

/** "YYYY-MM-DD" of an instant (ms) in Asia/Tokyo: what a date field shows. */
export const tokyoDay = (at: number): string =>
  new Date(at).toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });

/** "YYYY-MM-DDTHH:mm" in Asia/Tokyo, `days` from today: what a datetime-local field takes. */
export const tokyo = (days: number, hhmm: string): string =>
  `${tokyoDay(Date.now() + days * 86_400_000)}T${hhmm}`;
