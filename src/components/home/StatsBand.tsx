import styled from 'styled-components';
import { Container } from '../ui/Container';
import { from, theme } from '../../styles/theme';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 1px;
  margin: clamp(3rem, 7vw, 4.5rem) 0 0;
  overflow: hidden;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  background: ${theme.color.border};

  ${from('tablet')} {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Stat = styled.div`
  display: flex;
  flex-direction: column-reverse;
  padding: 1.5rem 1.25rem;
  background: ${theme.color.backgroundRaised};
  text-align: center;

  dt {
    color: ${theme.color.textMuted};
    font-size: ${theme.text.sm};
  }

  dd {
    margin: 0 0 0.25rem;
    font-size: ${theme.text.xl};
    font-weight: ${theme.weight.bold};
    letter-spacing: -0.02em;
    color: ${theme.color.text};
  }
`;

/** The headline claims as figures. */
export function StatsBand({ stats }: { stats: readonly { readonly value: string; readonly label: string }[] }) {
  return (
    <Container>
      <List>
        {stats.map((stat) => (
          <Stat key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </Stat>
        ))}
      </List>
    </Container>
  );
}
