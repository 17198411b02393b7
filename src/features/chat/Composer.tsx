// The message box: Enter sends, Shift+Enter starts a new line, and blank text cannot be sent.
import React, { forwardRef, useId, useState } from 'react';
import styled from 'styled-components';
import { look, visuallyHidden } from './look';
import { MAX_MESSAGE_LENGTH } from './state';

type ComposerProps = {
  label: string;
  placeholder: string;
  hint: string;
  sendLabel: string;
  onSend: (text: string) => void;
};

export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { label, placeholder, hint, sendLabel, onSend },
  inputRef,
) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const hintId = useId();
  const isBlank = draft.trim() === '';

  const send = () => {
    if (isBlank) return;
    onSend(draft);
    setDraft('');
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing, Enter confirms the composition rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Label htmlFor={inputId}>{label}</Label>
      <Row>
        <Input
          ref={inputRef}
          id={inputId}
          rows={1}
          maxLength={MAX_MESSAGE_LENGTH}
          value={draft}
          placeholder={placeholder}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <SendButton type="submit" disabled={isBlank}>
          {sendLabel}
        </SendButton>
      </Row>
      <Hint id={hintId}>{hint}</Hint>
    </Form>
  );
});

const Form = styled.form`
  padding: 0.75rem 1rem 0.875rem;
  border-top: 1px solid ${look.border};
`;

const Label = styled.label`
  ${visuallyHidden}
`;

const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 0.5rem;
`;

const Input = styled.textarea`
  flex: 1;
  min-height: 2.75rem;
  max-height: 7.5rem;
  padding: 0.625rem 0.75rem;
  border: 1px solid ${look.border};
  border-radius: 0.75rem;
  background: rgba(255, 255, 255, 0.07);
  color: ${look.text};
  font-family: ${look.font};
  font-size: ${look.fieldFontSize};
  line-height: 1.4;
  resize: none;
  field-sizing: content;

  &::placeholder {
    color: ${look.textMuted};
    opacity: 0.85;
  }
`;

const SendButton = styled.button`
  min-height: 2.75rem;
  padding: 0 1rem;
  border: 0;
  border-radius: 0.75rem;
  background: ${look.gradient};
  color: ${look.textOnBrand};
  font: inherit;
  font-weight: ${look.fontWeight.semibold};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.45;
  }
`;

const Hint = styled.p`
  margin: 0.375rem 0 0;
  color: ${look.textMuted};
  font-size: ${look.fontSize.xs};
`;
