// Buttons that send a ready-made answer, e.g. "Book a strategy call" or the visitor's time zone.
import React from 'react';
import styled from 'styled-components';
import { look } from './look';

type SuggestedRepliesProps = { label: string; replies: string[]; onChoose: (reply: string) => void };

export function SuggestedReplies({ label, replies, onChoose }: SuggestedRepliesProps) {
  if (replies.length === 0) return null;
  return (
    <Group role="group" aria-label={label}>
      {replies.map((reply) => (
        <Chip key={reply} type="button" onClick={() => onChoose(reply)}>
          {reply}
        </Chip>
      ))}
    </Group>
  );
}

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  padding: 0 1rem 0.75rem;
`;

const Chip = styled.button`
  padding: 0.4rem 0.85rem;
  border: 1px solid rgba(94, 234, 212, 0.55);
  border-radius: 999px;
  background: rgba(20, 184, 166, 0.12);
  color: ${look.text};
  font: inherit;
  font-size: ${look.fontSize.sm};
  cursor: pointer;
  transition: background 0.15s ease;

  &:hover {
    background: rgba(20, 184, 166, 0.26);
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;
