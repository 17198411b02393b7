import { graphql } from 'gatsby';
import { leadPage } from '../components/lead/lead-page';
import { BookingForm } from '../features/forms/BookingForm';
import type { BookingFormCopy } from '../features/forms/copy-schema';

const { Page, Head } = leadPage<Queries.BookPageQuery>((data) => ({
  page: data.bookPageJson!,
  // Validated against the form's copy schema before the build (src/content-model/check.ts).
  form: (contactEmail) => (
    <BookingForm copy={data.bookingFormJson!.content as BookingFormCopy} contactEmail={contactEmail} />
  ),
}));

export default Page;
export { Head };

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
