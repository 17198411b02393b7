// A legal page's "Last updated" date: the frontmatter's `updated` when set, else the build date.
// Formatted at build time so the server-rendered HTML and the hydrated page agree.
export function formatLastUpdated(updated: string | undefined, buildDate: Date): { iso: string; text: string } {
  const iso = updated ?? buildDate.toISOString().slice(0, 10);
  const text = new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
  return { iso, text };
}
