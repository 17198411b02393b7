// /contact and /book differ only in their content and their form; each page file keeps its own query (GraphQL
// names each page's content type) and gets its component and head from here.
import { useState, type ReactNode } from 'react';
import type { HeadProps, PageProps } from 'gatsby';
import { Seo } from '../seo/Seo';
import { LeadPageLayout } from './LeadPageLayout';

type LeadPageContent = {
  meta: Queries.PageMetaFieldsFragment;
  hero: Queries.PageHeroFieldsFragment;
  callDetails: Queries.CallDetailsFieldsFragment;
};

/** Replaces the points of the box beside the form (a call booked on /book), or with nothing restores the page's. */
export type ShowCallDetails = (points: readonly string[] | undefined) => void;

/**
 * `pick` finds the page's content and renders its form (with the site's contact address) from a query result; the
 * form may change the points beside it with `showCallDetails`.
 */
export function leadPage<Data extends { siteJson: { email: string } | null }>(
  pick: (data: Data) => {
    page: LeadPageContent;
    form: (contactEmail: string, showCallDetails: ShowCallDetails) => ReactNode;
  },
) {
  function Page({ data }: PageProps<Data>) {
    const [points, setPoints] = useState<readonly string[]>();
    const { page, form } = pick(data);
    const shown = points ? { ...page, callDetails: { ...page.callDetails, points } } : page;
    return <LeadPageLayout page={shown}>{form(data.siteJson!.email, setPoints)}</LeadPageLayout>;
  }
  function Head({ data, location }: HeadProps<Data>) {
    const { meta } = pick(data).page;
    return <Seo {...meta} pathname={location.pathname} />;
  }
  return { Page, Head };
}
