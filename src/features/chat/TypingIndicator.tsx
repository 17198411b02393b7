// Three animated dots while a reply is "being typed", shown below the log. It is outside the log and not a
// live region, so it is never announced; its text is there for anyone reading the panel with a screen reader.
// Always rendered, hidden between replies, so its styles are in the page before a visitor's first message.
import React from 'react';
import styled from 'styled-components';
import { look, visuallyHidden } from './look';

export function TypingIndicator({ label, shown }: { label: string; shown: boolean }) {
  return (
    <Wrapper data-chat-typing="" hidden={!shown}>
      <Hidden>{label}</Hidden>
      <Dot aria-hidden="true" />
      <Dot aria-hidden="true" />
      <Dot aria-hidden="true" />
    </Wrapper>
  );
}

const Wrapper = styled.div`
  align-self: flex-start;
  display: inline-flex;
  margin: 0 1rem 0.75rem;
  gap: 0.3rem;
  padding: 0.75rem 0.9rem;
  border-radius: 1rem;
  border-bottom-left-radius: 0.25rem;
  background: ${look.surfaceRaised};
  border: 1px solid ${look.border};

  &[hidden] {
    display: none;
  }
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

const Dot = styled.span`
  width: 0.45rem;
  height: 0.45rem;
  border-radius: 50%;
  background: ${look.gradient};
  animation: chat-typing 1.2s infinite ease-in-out;

  &:nth-of-type(2) {
    animation-delay: 0.15s;
  }
  &:nth-of-type(3) {
    animation-delay: 0.3s;
  }

  @keyframes chat-typing {
    0%,
    80%,
    100% {
      opacity: 0.35;
      transform: translateY(0);
    }
    40% {
      opacity: 1;
      transform: translateY(-3px);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
    opacity: 0.7;
  }
`;
