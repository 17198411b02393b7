import { graphql } from 'gatsby';
import { Container } from '../ui/Container';
import { Prose } from '../ui/Prose';
import { Section } from '../ui/Section';
import { TitledSection } from '../ui/TitledSection';
import type { SectionKey } from './section-key';

// `html`: the Markdown body rendered at build time (gatsby-node's LandingText.html resolver). The optional title
// is asked for under another name: the other blocks' required `title` in the same union selection would conflict.
export const landingTextFields = graphql`
  fragment LandingTextFields on LandingText {
    type
    optionalTitle: title
    html
  }
`;

export type TextBlockProps = { title?: string; html: string };

/** Rich text (Markdown: paragraphs, bold, links, lists) in the site's long-form style. */
export function TextBlock({ sectionKey, title, html }: TextBlockProps & SectionKey) {
  const text = <Prose dangerouslySetInnerHTML={{ __html: html }} />;
  if (title) {
    return (
      <TitledSection titleId={`${sectionKey}-title`} title={title}>
        {text}
      </TitledSection>
    );
  }
  // Without a title it is part of the page around it, not a section of its own.
  return (
    <Section as="div">
      <Container>{text}</Container>
    </Section>
  );
}
