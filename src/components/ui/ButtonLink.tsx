import { graphql } from 'gatsby';
import styled, { css } from 'styled-components';
import { SiteLink } from './SiteLink';
import { theme } from '../../styles/theme';

export type ButtonVariant = 'primary' | 'secondary';

const variantStyles: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    color: ${theme.color.textOnBrand};
    background: ${theme.gradient.brand};
    border: 1px solid ${theme.color.borderStrong};
    box-shadow: ${theme.shadow.glow};

    &:hover {
      color: ${theme.color.textOnBrand};
      transform: translateY(-1px);
    }
  `,
  secondary: css`
    color: ${theme.color.text};
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};

    &:hover {
      color: ${theme.color.text};
      background: ${theme.color.surfaceStrong};
    }
  `,
};

export const buttonStyles = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 48px;
  padding: 0.75rem 1.4rem;
  border-radius: ${theme.radius.pill};
  font-weight: ${theme.weight.semibold};
  font-size: ${theme.text.base};
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition:
    transform 0.15s ease,
    box-shadow 0.15s ease,
    background-color 0.15s ease;

  ${({ $variant = 'primary' }) => variantStyles[$variant]}
`;

export const linkFields = graphql`
  fragment LinkFields on Link {
    label
    to
  }
`;

/** A link styled as a button, for calls to action (to a page of the site or elsewhere). */
export const ButtonLink = styled(SiteLink)<{ $variant?: ButtonVariant }>`
  ${buttonStyles}
`;
