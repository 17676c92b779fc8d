const monthYear = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "January 2026" from an ISO timestamp. */
export function formatMonthYear(iso: string): string {
  return monthYear.format(new Date(iso));
}
