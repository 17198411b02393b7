// Runs the conversation for the widget: feeds visitor messages to the engine, reveals each bot reply after
// the typing delay, performs the save and the calendar calls the engine asks for, and keeps everything in
// sessionStorage. The rules that read free times (time-answers.ts) load once a booking is being saved.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CalendarCalls } from './calendar-calls';
import { waitingForCalendar, type TimeAnswers } from './call-times';
import {
  initialState,
  onCalendarAnswer,
  onSaveResult,
  respond,
  resumeRestoredState,
  type EngineResult,
} from './engine';
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

let loadedTimeAnswers: TimeAnswers | undefined;
/** The time rules, loaded once per page; rejects when their code cannot be fetched (offline). */
function loadTimeAnswers(): Promise<TimeAnswers> {
  if (loadedTimeAnswers) return Promise.resolve(loadedTimeAnswers);
  return import('./time-answers').then((module) => (loadedTimeAnswers = module));
}
const timeAnswersOrNone = () =>
  loadTimeAnswers().catch((error: unknown) => {
    console.error('[chat] Could not load the booking times:', error);
    return undefined;
  });
/** Offered times are on screen: what the visitor types next may name another day, read by the time rules. */
const readsTimes = (state: ChatState) => state.status === 'idle' && state.callTime?.phase === 'choosing';

function restoreOrStart(script: ChatScript): ChatState {
  const restored = loadChatState(sessionStore());
  return restored ? resumeRestoredState(restored, script, Date.now()) : initialState(script, Date.now());
}

export function useConversation(
  script: ChatScript,
  pacing: ReplyPacing,
  saveLead: SaveLead,
  calendar: CalendarCalls,
): Conversation {
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

  const needsTimes = state.status === 'saving' || state.callTime !== undefined;
  useEffect(() => {
    if (needsTimes) void timeAnswersOrNone();
  }, [needsTimes]);

  const commit = useCallback((result: EngineResult) => {
    stateRef.current = result.state;
    setState(result.state);
    if (result.replies.length > 0) setPending((ids) => [...ids, ...result.replies.map((reply) => reply.id)]);
  }, []);

  /** Commits a result and performs what it asks for: the save, then any calendar call, each answer in turn. */
  const perform = useCallback(
    function run(result: EngineResult) {
      commit(result);
      if (result.effect) {
        void saveLead(result.effect.lead).then((ok) => {
          // If the widget is gone, the stored state is still 'saving' and is offered for retry on return.
          if (mounted.current) run(onSaveResult(stateRef.current, ok, script, Date.now()));
        });
      }
      if (result.calendar) {
        void Promise.all([calendar(result.calendar), timeAnswersOrNone()]).then(([answer, answers]) => {
          // If the widget is gone, the restored state offers the times again (resumeRestoredState).
          if (mounted.current) run(onCalendarAnswer(stateRef.current, answer, script, Date.now(), answers));
        });
      }
    },
    [calendar, commit, saveLead, script],
  );

  const send = useCallback(
    (text: string) => {
      if (loadedTimeAnswers || !readsTimes(stateRef.current)) {
        perform(respond(stateRef.current, text, script, Date.now(), loadedTimeAnswers));
        return;
      }
      // Offered times restored after a reload, before their rules have arrived (a moment): the answer waits for them.
      void timeAnswersOrNone().then((answers) => {
        if (mounted.current) perform(respond(stateRef.current, text, script, Date.now(), answers));
      });
    },
    [perform, script],
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

  const isTyping = pending.length > 0 || state.status === 'saving' || waitingForCalendar(state);
  return { state, visibleMessages, isTyping, send, restart };
}
