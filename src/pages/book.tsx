import { graphql } from 'gatsby';
import { leadPage } from '../components/lead/lead-page';
import { BookingForm } from '../features/forms/BookingForm';
import type { BookingFormCopy } from '../features/forms/copy-schema';
import type { BookingCopy } from '../features/booking/copy-schema';

const page = leadPage<Queries.BookPageQuery>((data) => {
  // Validated against the form's copy schema before the build (src/content-model/check.ts).
  const bookingCopy = data.bookingJson!.content as BookingCopy;
  return {
    page: data.bookPageJson!,
    // Once a time is booked, the box beside the form says so instead of promising to find one.
    form: (contactEmail, showCallDetails) => (
      <BookingForm
        copy={data.bookingFormJson!.content as BookingFormCopy}
        bookingCopy={bookingCopy}
        contactEmail={contactEmail}
        onBooked={(time) => showCallDetails(time && bookingCopy.booked.callDetails.points.map(time.fill))}
      />
    ),
  };
});

// Exported from the object, not destructured: `gatsby develop`'s Babel pass loses a destructured default
// export ("Page is not defined"), while the production build does not.
export default page.Page;
export const Head = page.Head;

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
    bookingJson {
      content
    }
    siteJson {
      email
    }
  }
`;
