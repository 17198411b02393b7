import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { lazy, Suspense } from 'react';
import { Seo } from '../components/seo/Seo';
import { Container } from '../components/ui/Container';
import type { BookingCopy } from '../features/booking/copy-schema';
import styled from 'styled-components';
import { theme } from '../styles/theme';

const Title = styled.h1`
  margin: clamp(2.5rem, 8vw, 5rem) 0 0;
  font-size: ${theme.text.title};
`;

// The page's work happens in the browser (the secret is in the link's fragment): its code loads after the
// page shows, like the booking view on /book.
const ManageBooking = lazy(() => import('../features/booking/ManageBooking'));

export default function BookingPage({ data }: PageProps<Queries.ManageBookingPageQuery>) {
  const copy = data.bookingJson!.content as BookingCopy;
  return (
    <Container>
      <Title id="manage-title">{copy.manage.title}</Title>
      <Suspense fallback={<p>{copy.manage.loading}</p>}>
        <ManageBooking copy={copy} contactEmail={data.siteJson!.email} bookPath="/book" />
      </Suspense>
    </Container>
  );
}

export function Head({ data, location }: HeadProps<Queries.ManageBookingPageQuery>) {
  const { meta } = (data.bookingJson!.content as BookingCopy).manage;
  return (
    <Seo title={meta.title} description={meta.description} pathname={location.pathname}>
      <meta name="robots" content="noindex" />
    </Seo>
  );
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
