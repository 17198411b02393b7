import styled from 'styled-components';
import { Card, CardGrid } from '../ui/Section';
import { TitledSection } from '../ui/TitledSection';
import { Picture, type DisplayImage } from '../ui/ResponsiveImage';
import { theme } from '../../styles/theme';

type Props = {
  /** The heading's id, which names the section: unique on the page. */
  titleId?: string;
  title: string;
  intro: string;
  /** Above the reasons (the site's dashboard illustration on the home page); none on some landing pages. */
  image?: DisplayImage;
  reasons: readonly { readonly title: string; readonly text: string }[];
};

/** A framed picture wide as the content. */
export const Illustration = styled.figure`
  margin: 0 0 1.5rem;
  overflow: hidden;
  border-radius: ${theme.radius.large};
  border: 1px solid ${theme.color.border};
  box-shadow: 0 30px 80px -40px rgba(139, 92, 246, 0.7);
`;

const Reason = styled(Card)`
  h3 {
    font-size: ${theme.text.lg};
  }

  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

const Number = styled.span`
  display: block;
  margin-bottom: 0.75rem;
  font-weight: ${theme.weight.bold};
  font-size: ${theme.text.sm};
  color: ${theme.color.accent};
`;

export function WhyChooseUs({ titleId = 'why-title', title, intro, image, reasons }: Props) {
  return (
    <TitledSection titleId={titleId} title={title} intro={intro}>
      {image && (
        <Illustration>
          <Picture image={image} />
        </Illustration>
      )}
      <CardGrid $min="14rem">
        {reasons.map((reason, index) => (
          <Reason key={reason.title}>
            <Number aria-hidden="true">{String(index + 1).padStart(2, '0')}</Number>
            <h3>{reason.title}</h3>
            <p>{reason.text}</p>
          </Reason>
        ))}
      </CardGrid>
    </TitledSection>
  );
}
