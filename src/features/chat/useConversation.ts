// Runs the conversation for the widget: feeds visitor messages to the engine, reveals each bot reply after
// the typing delay, performs the save the engine asks for, and keeps everything in sessionStorage.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { initialState, onSaveResult, respond, resumeRestoredState, type EngineResult } from './engine';
import { typingDelay, type ReplyPacing } from './pacing';
import type { SaveLead } from './save-lead';
import type { ChatScript } from './script-schema';
import type { ChatMessage, ChatState } from './state';
import { sessionStore } from '../../lib/session-store';
import { loadChatState, saveChatState } from './storage';

export type Conversation = {
  state: ChatState;
  /** The messages on screen: bot replies still "being typed" are held back. */
  visibleMessages: ChatMessage[];
  isTyping: boolean;
  send: (text: string) => void;
  restart: () => void;
};

function restoreOrStart(script: ChatScript): ChatState {
  const restored = loadChatState(sessionStore());
  return restored ? resumeRestoredState(restored, script, Date.now()) : initialState(script, Date.now());
}

export function useConversation(script: ChatScript, pacing: ReplyPacing, saveLead: SaveLead): Conversation {
  const [state, setState] = useState(() => restoreOrStart(script));
  const stateRef = useRef(state);
  /** Ids of bot replies not yet shown, oldest first. */
  const [pending, setPending] = useState<string[]>([]);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => saveChatState(sessionStore(), state), [state]);

  const commit = useCallback((result: EngineResult) => {
    stateRef.current = result.state;
    setState(result.state);
    if (result.replies.length > 0) setPending((ids) => [...ids, ...result.replies.map((reply) => reply.id)]);
  }, []);

  const send = useCallback(
    (text: string) => {
      const result = respond(stateRef.current, text, script, Date.now());
      commit(result);
      if (!result.effect) return;
      void saveLead(result.effect.lead).then((ok) => {
        // If the widget is gone, the stored state is still 'saving' and is offered for retry on return.
        if (mounted.current) commit(onSaveResult(stateRef.current, ok, script, Date.now()));
      });
    },
    [commit, saveLead, script],
  );

  const restart = useCallback(() => {
    setPending([]);
    commit({ state: initialState(script, Date.now()), replies: [] });
  }, [commit, script]);

  // Reveal the oldest held-back reply after the typing delay; keyed on it so new replies don't reset the wait.
  const nextPending = pending[0];
  useEffect(() => {
    if (nextPending === undefined) return;
    const timer = setTimeout(() => setPending((ids) => ids.slice(1)), typingDelay(pacing));
    return () => clearTimeout(timer);
  }, [nextPending, pacing]);

  const visibleMessages = useMemo(() => {
    const held = new Set(pending);
    return state.messages.filter((message) => !held.has(message.id));
  }, [pending, state.messages]);

  return { state, visibleMessages, isTyping: pending.length > 0 || state.status === 'saving', send, restart };
}
