import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { lazy } from 'react';
import { SecretLinkHead, SecretLinkPage } from '../components/layout/SecretLinkPage';
import type { BookingCopy } from '../features/booking/copy-schema';

// The page's work happens in the browser (the secret is in the link's fragment), like the booking view on /book.
const ManageBooking = lazy(() => import('../features/booking/ManageBooking'));

export default function BookingPage({ data }: PageProps<Queries.ManageBookingPageQuery>) {
  const copy = data.bookingJson!.content as BookingCopy;
  return (
    <SecretLinkPage titleId="manage-title" title={copy.manage.title} loading={copy.manage.loading}>
      <ManageBooking copy={copy} contactEmail={data.siteJson!.email} bookPath="/book" />
    </SecretLinkPage>
  );
}

export function Head({ data, location }: HeadProps<Queries.ManageBookingPageQuery>) {
  const { meta } = (data.bookingJson!.content as BookingCopy).manage;
  return <SecretLinkHead meta={meta} pathname={location.pathname} />;
}

export const query = graphql`
  query ManageBookingPage {
    bookingJson {
      content
    }
    siteJson {
      email
    }
  }
`;
