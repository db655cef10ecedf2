// Sorting without String#localeCompare: its first call builds an ICU collator, which costs a slow phone
// about 60 ms of blocked main thread (profile-first-screen.ts on /ordering), inside the first render.

/** Machine strings (ISO instants of one format, ids, enum values) by code point, as they sort anyway. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Names shown in a list (categories, drinks): letters of either case together, then by code point. */
export function byName(a: string, b: string): number {
  return byCodePoint(a.toLowerCase(), b.toLowerCase()) || byCodePoint(a, b);
}
