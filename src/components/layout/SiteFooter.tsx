import styled from 'styled-components';
import { Container } from '../ui/Container';
import { from, theme } from '../../styles/theme';
import { BrandMark } from './BrandMark';
import { SiteLink } from '../ui/SiteLink';

type Props = {
  brandName: string;
  email: string;
  blurb: string;
  copyright: string;
  year: string;
  columns: readonly { readonly title: string; readonly links: readonly Queries.Link[] }[];
};

const Footer = styled.footer`
  margin-top: ${theme.space.section};
  padding: 3rem 0 2rem;
  border-top: 1px solid ${theme.color.border};
  background: ${theme.color.backdrop};
`;

const Grid = styled.div`
  display: grid;
  gap: 2rem;

  ${from('tablet')} {
    grid-template-columns: 2fr repeat(3, 1fr);
  }
`;

const About = styled.div`
  max-width: 24rem;
  color: ${theme.color.textMuted};

  p {
    margin-top: 0.75rem;
  }
`;

const ColumnTitle = styled.h2`
  font-size: ${theme.text.xs};
  font-weight: ${theme.weight.semibold};
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${theme.color.text};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: 0.35rem 0;
    color: ${theme.color.textMuted};
    text-decoration: none;
  }

  a:hover {
    color: ${theme.color.text};
    text-decoration: underline;
  }
`;

const Legal = styled.p`
  margin: 2.5rem 0 0;
  font-size: ${theme.text.sm};
  color: ${theme.color.textMuted};
`;

export function SiteFooter({ brandName, email, blurb, copyright, year, columns }: Props) {
  return (
    <Footer>
      <Container>
        <Grid>
          <About>
            <BrandMark brandName={brandName} />
            <p>{blurb}</p>
            <a href={`mailto:${email}`}>{email}</a>
          </About>
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <ColumnTitle>{column.title}</ColumnTitle>
              <List>
                {column.links.map((link) => (
                  <li key={link.to}>
                    <SiteLink to={link.to}>{link.label}</SiteLink>
                  </li>
                ))}
              </List>
            </nav>
          ))}
        </Grid>
        <Legal>{copyright.replace('©', `© ${year}`)}</Legal>
      </Container>
    </Footer>
  );
}
