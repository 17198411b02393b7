// What every booking message is rendered with (booking-render.ts, host-messages.ts): the site and the addresses,
// the links the messages carry, and the host as a person the messages may name.
import type { Person } from './ical.ts';
import type { BookingHost } from './queue.ts';
import { escapeHtml } from './render.ts';

// content/site.json's brandName (_shared/brand.ts): the messages never spell the brand themselves.
export { BRAND_NAME } from '../_shared/brand.ts';

export type BookingContext = {
  siteUrl: string;
  /** The team's addresses (NOTIFY_TO). */
  team: string[];
  /** Sender of the team's and the host's messages (NOTIFY_FROM) and of the visitor's (BOOKING_FROM). */
  teamFrom: string;
  visitorFrom: string;
  now?: Date;
};

export class UnrenderableJob extends Error {}

export const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** The address in "Name <address>", or the value itself. */
export function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1].trim() ?? mailbox.trim();
}

export function manageLink(siteUrl: string, token: string): string {
  return `${siteUrl}/booking#${token}`;
}

/** The host's "who turned up" page (src/pages/call-outcome.tsx); the secret stays in the fragment. */
export function outcomeLink(siteUrl: string, token: string): string {
  return `${siteUrl}/call-outcome#${token}`;
}

/**
 * The host as a person to name and invite: a host with an e-mail address. A host without one (the default
 * "The Brightlane team") stands for the team, and the messages read as they did before hosts existed.
 */
export function namedHost(host: BookingHost | null): Person | undefined {
  return host?.email ? { name: host.name, email: host.email } : undefined;
}

export function paragraphsToHtml(paragraphs: string[]): string {
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...paragraphs.map(
      (paragraph) =>
        `<p style="white-space:pre-wrap">${escapeHtml(paragraph).replace(
          /(https?:\/\/[^\s<]+)/g,
          (url) => `<a href="${url}">${url}</a>`,
        )}</p>`,
    ),
    '</body></html>',
  ].join('');
}
