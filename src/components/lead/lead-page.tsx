// /contact and /book differ only in their content and their form; each page file keeps its own query (GraphQL
// names each page's content type) and gets its component and head from here.
import type { ReactNode } from 'react';
import type { HeadProps, PageProps } from 'gatsby';
import { Seo } from '../seo/Seo';
import { LeadPageLayout } from './LeadPageLayout';

type LeadPageContent = {
  meta: Queries.PageMetaFieldsFragment;
  hero: Queries.PageHeroFieldsFragment;
  callDetails: Queries.CallDetailsFieldsFragment;
};

/** `pick` finds the page's content and renders its form (with the site's contact address) from a query result. */
export function leadPage<Data extends { siteJson: { email: string } | null }>(
  pick: (data: Data) => { page: LeadPageContent; form: (contactEmail: string) => ReactNode },
) {
  function Page({ data }: PageProps<Data>) {
    const { page, form } = pick(data);
    return <LeadPageLayout page={page}>{form(data.siteJson!.email)}</LeadPageLayout>;
  }
  function Head({ data, location }: HeadProps<Data>) {
    const { meta } = pick(data).page;
    return <Seo {...meta} pathname={location.pathname} />;
  }
  return { Page, Head };
}
