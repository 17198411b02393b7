// The open chat: a labelled, non-modal dialog with the conversation log, the typing indicator, suggested
// replies and the message box. Loaded on first use by ChatLauncher, and kept mounted (hidden) once
// loaded so replies and a running save carry on while it is closed.
import React, { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import styled from 'styled-components';
import { calendarThroughBookingApi, type CalendarCalls } from './calendar-calls';
import { CollectionNotice } from '../../components/privacy/CollectionNotice';
import { Composer } from './Composer';
import { look } from './look';
import { MessageList } from './MessageList';
import { DEFAULT_PACING, type ReplyPacing } from './pacing';
import { fillPlaceholders } from './placeholders';
import { saveLeadThroughSharedModule, type SaveLead } from './save-lead';
import type { ChatScript } from './script-schema';
import { SuggestedReplies } from './SuggestedReplies';
import { suggestionsFor, visitorTimeZone } from './suggestions';
import { TypingIndicator } from './TypingIndicator';
import { useConversation } from './useConversation';

export type ChatPanelProps = {
  id?: string;
  script: ChatScript;
  contactEmail: string;
  open: boolean;
  /** Move focus to the message box when the panel opens (not when it is reopened after a reload). */
  focusOnOpen: boolean;
  onClose: () => void;
  /** For tests: the typing delay, the save and the calendar calls. */
  pacing?: ReplyPacing;
  saveLead?: SaveLead;
  calendar?: CalendarCalls;
};

export function ChatPanel({
  id,
  script: rawScript,
  contactEmail,
  open,
  focusOnOpen,
  onClose,
  pacing = DEFAULT_PACING,
  saveLead = saveLeadThroughSharedModule,
  calendar = calendarThroughBookingApi,
}: ChatPanelProps) {
  const script = useMemo(() => fillPlaceholders(rawScript, { email: contactEmail }), [rawScript, contactEmail]);
  const { ui } = script;
  const { state, visibleMessages, isTyping, send, restart } = useConversation(script, pacing, saveLead, calendar);
  const panelRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open && focusOnOpen) inputRef.current?.focus();
  }, [open, focusOnOpen]);

  // Opening the chat starts the save's preparation (the lead's proof-of-work challenge among it).
  useEffect(() => {
    if (open) saveLead.prepare?.();
  }, [open, saveLead]);

  // Escape closes the panel while focus is inside it. A native listener, as the dialog is not itself interactive.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onClose();
      }
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const sendAndKeepFocus = useCallback(
    (text: string) => {
      send(text);
      inputRef.current?.focus();
      // Idempotent: renews the challenge only if it went stale during a long conversation.
      saveLead.prepare?.();
    },
    [send, saveLead],
  );

  // On a phone the panel covers the page, so following a link in a reply should reveal the page.
  const onLinkClick = useCallback(() => {
    if (window.matchMedia?.(`(max-width: ${look.phoneMaxWidth})`).matches) onClose();
  }, [onClose]);

  // Suggestions wait until the last reply has been "typed", so they match what the visitor can read.
  const suggestions = isTyping
    ? []
    : suggestionsFor(state, script, state.step === 'timezone' ? visitorTimeZone() : undefined);

  return (
    <Panel ref={panelRef} id={id} role="dialog" aria-labelledby={titleId} hidden={!open}>
      <Header>
        <div>
          <Title id={titleId}>{ui.panelTitle}</Title>
          <Subtitle>{ui.panelSubtitle}</Subtitle>
        </div>
        <HeaderButtons>
          <TextButton type="button" onClick={restart}>
            {ui.restartLabel}
          </TextButton>
          <IconButton type="button" aria-label={ui.closeLabel} onClick={onClose}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                d="M6 6l12 12M18 6 6 18"
              />
            </svg>
          </IconButton>
        </HeaderButtons>
      </Header>
      <MessageList
        messages={visibleMessages}
        label={ui.conversationLabel}
        botName={ui.botName}
        visitorName={ui.visitorName}
        shown={open}
        onLinkClick={onLinkClick}
      />
      <TypingIndicator label={ui.typingLabel} shown={isTyping} />
      <SuggestedReplies label={ui.suggestionsLabel} replies={suggestions} onChoose={sendAndKeepFocus} />
      {state.status !== 'idle' && <PrivacyNote copy={script.booking.privacyNotice} onLinkClick={onLinkClick} />}
      <Composer
        ref={inputRef}
        label={ui.inputLabel}
        placeholder={ui.inputPlaceholder}
        hint={ui.inputHint}
        sendLabel={ui.sendLabel}
        onSend={sendAndKeepFocus}
      />
    </Panel>
  );
}

export default ChatPanel;

const Panel = styled.section`
  position: fixed;
  right: 1.5rem;
  bottom: 6.25rem;
  z-index: ${look.zIndex};
  display: flex;
  flex-direction: column;
  width: 24rem;
  max-width: calc(100vw - 2rem);
  height: 500px;
  max-height: calc(100vh - 8rem);
  overflow: hidden;
  border: 1px solid ${look.border};
  border-radius: 1.25rem;
  background: ${look.surface};
  box-shadow: ${look.shadow};
  color: ${look.text};
  font-family: ${look.font};

  /* Laid out while closed (the launcher renders it when the browser is idle), so a tap only has to show it:
     the panel's first layout took 30-100 ms at a phone's 4x CPU slowdown. Invisible is also unfocusable,
     not hit by taps and out of the accessibility tree. */
  &[hidden] {
    visibility: hidden;
  }

  &:not([hidden]) {
    backdrop-filter: blur(18px) saturate(140%);
    animation: chat-panel-in 0.22s ease-out;
  }

  @keyframes chat-panel-in {
    from {
      opacity: 0;
      transform: translateY(12px) scale(0.98);
    }
  }

  @media (max-width: ${look.phoneMaxWidth}) {
    inset: 0;
    width: 100%;
    max-width: none;
    height: 100%;
    height: 100dvh;
    max-height: none;
    border: 0;
    border-radius: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    &:not([hidden]) {
      animation: none;
    }
  }
`;

/** The collection notice while a booking asks for details (from its first question until it ends). */
const PrivacyNote = styled(CollectionNotice)`
  margin: 0;
  padding: 0.5rem 1rem;
  border-top: 1px solid ${look.border};
  color: ${look.textMuted};
  font-size: ${look.fontSize.xs};
  line-height: 1.45;

  a {
    color: ${look.text};
    text-decoration: underline;
    border-radius: 0.25rem;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.875rem 1rem;
  background:
    linear-gradient(135deg, rgba(124, 58, 237, 0.55), rgba(37, 99, 235, 0.45) 55%, rgba(20, 184, 166, 0.4)),
    rgba(15, 12, 41, 0.6);
  border-bottom: 1px solid ${look.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${look.fontSize.base};
  font-weight: ${look.fontWeight.bold};
  line-height: 1.3;
`;

const Subtitle = styled.p`
  margin: 0.125rem 0 0;
  color: ${look.textMuted};
  font-size: ${look.fontSize.xs};
`;

const HeaderButtons = styled.div`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

const TextButton = styled.button`
  padding: 0.375rem 0.625rem;
  border: 0;
  border-radius: 0.5rem;
  background: transparent;
  color: ${look.text};
  font: inherit;
  font-size: ${look.fontSize.xs};
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.1);
  }
`;

const IconButton = styled(TextButton)`
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  padding: 0;
`;
