import type { ComponentProps, ReactNode } from 'react';
import { Container } from './Container';
import { Section, SectionHeader } from './Section';

type Props = Omit<ComponentProps<typeof Section>, 'children'> & {
  /** The heading's id, which names the section: unique on the page. */
  titleId: string;
  title: string;
  intro?: string;
  children: ReactNode;
};

/** A section of a page named by its heading: the heading and its intro, then the section's content. */
export function TitledSection({ titleId, title, intro, children, ...section }: Props) {
  return (
    <Section aria-labelledby={titleId} {...section}>
      <Container>
        <SectionHeader>
          <h2 id={titleId}>{title}</h2>
          {intro && <p>{intro}</p>}
        </SectionHeader>
        {children}
      </Container>
    </Section>
  );
}
