import { graphql } from 'gatsby';
import { leadPage } from '../components/lead/lead-page';
import { ContactForm } from '../features/forms/ContactForm';
import type { ContactFormCopy } from '../features/forms/copy-schema';

const page = leadPage<Queries.ContactPageQuery>((data) => ({
  page: data.contactPageJson!,
  // Validated against the form's copy schema before the build (src/content-model/check.ts).
  form: (contactEmail) => (
    <ContactForm copy={data.contactFormJson!.content as ContactFormCopy} contactEmail={contactEmail} />
  ),
}));

// Exported from the object, not destructured: `gatsby develop`'s Babel pass loses a destructured default
// export ("Page is not defined"), while the production build does not.
export default page.Page;
export const Head = page.Head;

export const query = graphql`
  query ContactPage {
    contactPageJson {
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
    contactFormJson {
      content
    }
    siteJson {
      email
    }
  }
`;
