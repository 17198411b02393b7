// Busy times as the database stores them: start and end only, in milliseconds here and ISO instants on the wire.
export type Range = { start: number; end: number };
export type BusyTime = { starts_at: string; ends_at: string };

/** Clipped to [window.start, window.end), empty ones dropped, overlapping and touching ones merged, in order. */
export function mergeAndClip(ranges: Iterable<Range>, window: Range): Range[] {
  const clipped = [...ranges]
    .map((range) => ({ start: Math.max(range.start, window.start), end: Math.min(range.end, window.end) }))
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Range[] = [];
  for (const range of clipped) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

export function toBusyTimes(ranges: Range[]): BusyTime[] {
  return ranges.map((range) => ({
    starts_at: new Date(range.start).toISOString(),
    ends_at: new Date(range.end).toISOString(),
  }));
}
