import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { LeadPageLayout } from '../components/lead/LeadPageLayout';
import { ContactForm } from '../features/forms/ContactForm';
import type { ContactFormCopy } from '../features/forms/copy-schema';

export default function ContactPage({ data }: PageProps<Queries.ContactPageQuery>) {
  return (
    <LeadPageLayout page={data.contactPageJson!}>
      {/* Validated against the form's copy schema before the build (src/content-model/check.ts). */}
      <ContactForm copy={data.contactFormJson!.content as ContactFormCopy} contactEmail={data.siteJson!.email} />
    </LeadPageLayout>
  );
}

export function Head({ data, location }: HeadProps<Queries.ContactPageQuery>) {
  const { meta } = data.contactPageJson!;
  return <Seo title={meta.title} description={meta.description} pathname={location.pathname} />;
}

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
