import { lazy } from 'react';
import { graphql } from 'gatsby';
import styled from 'styled-components';
import { TitledSection } from '../ui/TitledSection';
import { LateHydration } from '../../early-input/LateHydration';
import { FORM_ANCHOR } from '../../content-model/route-paths';
import type { BookingFormCopy, ContactFormCopy } from '../../features/forms/copy-schema';
import type { BookingCopy } from '../../features/booking/copy-schema';
import { theme } from '../../styles/theme';

export const landingFormFields = graphql`
  fragment LandingFormFields on LandingForm {
    type
    title
    intro
    form
    problem
  }
`;

/** The form's own texts: the demo request's, or the strategy call's with its time booking's. */
export type LeadFormChoice =
  | { form: 'demo-request'; copy: ContactFormCopy; problem?: string }
  | { form: 'strategy-call'; copy: BookingFormCopy; bookingCopy: BookingCopy };

export type FormBlockProps = { title: string; intro: string; contactEmail: string } & LeadFormChoice;

// The forms of /contact and /book, loaded after the page: they are below the fold and are most of a lead page's
// JavaScript. The server renders them whole; LateHydration keeps what is typed before their code arrives.
const ContactForm = lazy(() =>
  import('../../features/forms/ContactForm').then((module) => ({ default: module.ContactForm })),
);
const BookingForm = lazy(() =>
  import('../../features/forms/BookingForm').then((module) => ({ default: module.BookingForm })),
);

/** The target of the page's `#form` buttons. */
export const FORM_SECTION_ID = FORM_ANCHOR.slice(1);

const FormWidth = styled.div`
  max-width: ${theme.size.prose};
`;

/** The demo request (its problem already chosen) or the strategy-call request, stored as from /contact and /book. */
export function FormBlock({ title, intro, contactEmail, ...choice }: FormBlockProps) {
  return (
    <TitledSection id={FORM_SECTION_ID} titleId={`${FORM_SECTION_ID}-title`} title={title} intro={intro}>
      <FormWidth>
        <LateHydration>
          {choice.form === 'demo-request' ? (
            <ContactForm copy={choice.copy} contactEmail={contactEmail} initialProblem={choice.problem} />
          ) : (
            <BookingForm copy={choice.copy} bookingCopy={choice.bookingCopy} contactEmail={contactEmail} />
          )}
        </LateHydration>
      </FormWidth>
    </TitledSection>
  );
}
