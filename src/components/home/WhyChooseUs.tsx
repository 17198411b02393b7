import styled from 'styled-components';
import { Container } from '../ui/Container';
import { Card, CardGrid, Section, SectionHeader } from '../ui/Section';

type Props = { title: string; intro: string; reasons: readonly { readonly title: string; readonly text: string }[] };

const Reason = styled(Card)`
  h3 {
    font-size: 1.1rem;
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Number = styled.span`
  display: block;
  margin-bottom: 0.75rem;
  font-weight: 800;
  font-size: 0.9rem;
  color: #5eead4;
`;

export function WhyChooseUs({ title, intro, reasons }: Props) {
  return (
    <Section aria-labelledby="why-title">
      <Container>
        <SectionHeader>
          <h2 id="why-title">{title}</h2>
          <p>{intro}</p>
        </SectionHeader>
        <CardGrid $min="14rem">
          {reasons.map((reason, index) => (
            <Reason key={reason.title}>
              <Number aria-hidden="true">{String(index + 1).padStart(2, '0')}</Number>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </Reason>
          ))}
        </CardGrid>
      </Container>
    </Section>
  );
}
