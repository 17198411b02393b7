/** What every block gets besides its content: a key unique on the page, for the ids of its headings. */
export type SectionKey = { sectionKey: string };
