import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { LeadPageLayout } from '../components/lead/LeadPageLayout';
import { BookingForm } from '../features/forms/BookingForm';
import type { BookingFormCopy } from '../features/forms/copy-schema';

export default function BookPage({ data }: PageProps<Queries.BookPageQuery>) {
  return (
    <LeadPageLayout page={data.bookPageJson!}>
      {/* Validated against the form's copy schema before the build (src/content-model/check.ts). */}
      <BookingForm copy={data.bookingFormJson!.content as BookingFormCopy} contactEmail={data.siteJson!.email} />
    </LeadPageLayout>
  );
}

export function Head({ data, location }: HeadProps<Queries.BookPageQuery>) {
  const { meta } = data.bookPageJson!;
  return <Seo title={meta.title} description={meta.description} pathname={location.pathname} />;
}

export const query = graphql`
  query BookPage {
    bookPageJson {
      meta {
        ...PageMetaFields
      }
      hero {
        ...PageHeroFields
      }
      callDetails {
        ...CallDetailsFields
      }
    }
    bookingFormJson {
      content
    }
    siteJson {
      email
    }
  }
`;
