import { graphql } from 'gatsby';
import styled from 'styled-components';
import { Card } from '../ui/Section';
import { TitledSection } from '../ui/TitledSection';
import { theme } from '../../styles/theme';
import type { SectionKey } from './section-key';

export const landingFaqFields = graphql`
  fragment LandingFaqFields on LandingFaq {
    type
    title
    questions {
      question
      answer
    }
  }
`;

export type FaqBlockProps = { title: string; questions: readonly { question: string; answer: string }[] };

const Questions = styled.div`
  display: grid;
  gap: 1rem;
  max-width: ${theme.size.prose};
`;

const Question = styled(Card)`
  h3 {
    font-size: ${theme.text.lg};
  }

  p {
    margin: 0;
    color: ${theme.color.textMuted};
  }
`;

/**
 * Questions and answers, all shown: each question a heading (a screen reader lists them), its answer below. The
 * same questions go to search engines as FAQPage structured data in the page's head (faq-json-ld.ts).
 */
export function FaqBlock({ sectionKey, title, questions }: FaqBlockProps & SectionKey) {
  return (
    <TitledSection titleId={`${sectionKey}-title`} title={title}>
      <Questions>
        {questions.map(({ question, answer }) => (
          <Question key={question} as="div">
            <h3>{question}</h3>
            <p>{answer}</p>
          </Question>
        ))}
      </Questions>
    </TitledSection>
  );
}
