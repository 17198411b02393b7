// The conversation log. It holds finished messages only, so a screen reader announces each bot reply
// once, when it appears, and never the typing indicator. Text is rendered as text, never as HTML.
import React, { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { SiteLink } from '../../components/ui/SiteLink';
import { look, visuallyHidden } from './look';
import type { ChatMessage } from './state';

type MessageListProps = {
  messages: ChatMessage[];
  label: string;
  botName: string;
  visitorName: string;
  /** Whether the panel is on screen. */
  shown: boolean;
  /** Runs when the visitor follows a link in a reply. */
  onLinkClick: () => void;
};

export function MessageList({ messages, label, botName, visitorName, shown, onLinkClick }: MessageListProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // Scrolled to the latest message while on screen, and when shown. Not while the panel is pre-rendered
  // closed: reading the log's height would lay the page out inside the task that mounts the panel.
  useEffect(() => {
    const log = logRef.current;
    if (log && shown) log.scrollTop = log.scrollHeight;
  }, [lastId, shown]);

  return (
    // The log scrolls, so it must be reachable by keyboard to be read with the arrow keys.
    <Log ref={logRef} role="log" aria-label={label} tabIndex={0}>
      {messages.map((message) => (
        <Bubble key={message.id} data-from={message.isBot ? 'bot' : 'visitor'}>
          <Speaker>{message.isBot ? botName : visitorName}: </Speaker>
          {message.text}
          {message.links && message.links.length > 0 && (
            <Links>
              {message.links.map((link) => (
                <ReplyLink key={link.to} to={link.to} onClick={onLinkClick}>
                  {link.label}
                </ReplyLink>
              ))}
            </Links>
          )}
        </Bubble>
      ))}
    </Log>
  );
}

const Log = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: 1rem;
  display: flex;
  flex-direction: column;
  gap: 0.625rem;
  overscroll-behavior: contain;
  &:focus-visible {
    outline-offset: -3px;
  }
`;

// The speaker is an attribute, not a prop: both looks are in the rules the greeting's render inserts, so a
// visitor's first message adds no rule to the page's style sheet (a new rule restyles the whole page).
const Bubble = styled.div`
  max-width: 85%;
  padding: 0.625rem 0.875rem;
  border-radius: 1rem;
  font-size: ${look.fontSize.sm};
  line-height: 1.45;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  animation: chat-bubble-in 0.2s ease-out;

  &[data-from='bot'] {
    align-self: flex-start;
    border-bottom-left-radius: 0.25rem;
    background: ${look.surfaceRaised};
    border: 1px solid ${look.border};
    color: ${look.text};
  }

  &[data-from='visitor'] {
    align-self: flex-end;
    border-bottom-right-radius: 0.25rem;
    background: ${look.visitorBubble};
    color: ${look.textOnBrand};
  }

  @keyframes chat-bubble-in {
    from {
      opacity: 0;
      transform: translateY(4px);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Speaker = styled.span`
  ${visuallyHidden}
`;

const Links = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.5rem;
`;

const ReplyLink = styled(SiteLink)`
  color: ${look.accent};
  font-weight: ${look.fontWeight.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;
  border-radius: 0.25rem;
`;
