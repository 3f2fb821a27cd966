/** A review's date as "12 Nov 2026", the same on the server and in the browser (UTC). */
export const reviewDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
