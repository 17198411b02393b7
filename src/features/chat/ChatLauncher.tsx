// The only part of the chat in the first-load JavaScript: a round button that loads the panel on first
// use. The panel's code is fetched when the browser is idle after hydration (and at the latest on hover,
// press or focus), so a tap opens it at once. A tap made before hydration is adopted on mount
// (src/early-input/). Mount it once in the shared layout so the conversation stays open while the
// visitor navigates.
import React, {
  Suspense,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import styled from 'styled-components';
import { look } from './look';
import type { ChatScript } from './script-schema';
import { loadPanelOpen, savePanelOpen } from './panel-open';
import { sessionStore } from '../../lib/session-store';
import { EARLY_ACTION_ATTRIBUTE } from '../../early-input/attributes';
import { expandedBeforeHydration } from '../../early-input/adopt';
import { countVisitEvent } from '../../insights/count';

export type ChatLauncherProps = {
  script: ChatScript;
  /** The site's contact address, filled into the script's {email} placeholders. */
  contactEmail: string;
};

type Panel = ComponentType<import('./ChatPanel').ChatPanelProps>;

/** The panel once its code has arrived: rendered directly then, so opening never waits for Suspense. */
let loadedPanel: Panel | undefined;
const loadPanel = () =>
  import('./ChatPanel').then((module) => {
    loadedPanel = module.ChatPanel;
    return module;
  });
// React reveals content that replaces a just-shown Suspense fallback up to 500 ms late, so the lazy
// wrapper is only for a tap that comes before the code.
const LazyChatPanel = lazy(loadPanel);
const panelToRender = (): Panel => loadedPanel ?? LazyChatPanel;

function preloadPanel(): void {
  loadPanel().catch(() => {
    // The click loads it again and React reports a real failure there.
  });
}

/** Runs `task` once the browser has nothing else to do (after a timer where idle callbacks are missing). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1000);
  return () => window.clearTimeout(handle);
}

/** Rendered beside the lazy panel, so it mounts when the panel's code has arrived. */
function OnMount({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

export function ChatLauncher({ script, contactEmail }: ChatLauncherProps) {
  const [open, setOpen] = useState(false);
  // Chosen once, when the panel is first needed: switching later would remount it.
  const [ChatPanel, setChatPanel] = useState<Panel>();
  const panelRequested = ChatPanel !== undefined;
  const requestPanel = useCallback(() => setChatPanel((current: Panel | undefined) => current ?? panelToRender()), []);
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const markPanelLoaded = useCallback(() => setPanelLoaded(true), []);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Open now if the visitor tapped before hydration, or reopen after a reload if they left the panel
  // open; read after hydration so the server-rendered HTML (always closed) matches the first render.
  useEffect(() => {
    const tappedEarly = expandedBeforeHydration(buttonRef.current);
    if (tappedEarly || loadPanelOpen(sessionStore())) {
      requestPanel();
      setOpen(true);
      setFocusOnOpen(tappedEarly);
      if (tappedEarly) {
        savePanelOpen(sessionStore(), true);
        countVisitEvent('chat_opened');
      }
    }
    // Loaded and rendered (closed, hidden) while the browser is idle, so a tap only has to show it: mounting
    // the panel takes ~30 ms of CPU here (~130 ms at a phone's 4x slowdown), opening a mounted one a few.
    // A transition, so React renders it in slices that never block a tap or count as a long task.
    return whenIdle(() => {
      loadPanel().then(
        () => startTransition(requestPanel),
        () => {
          // The click loads it again and React reports a real failure there.
        },
      );
    });
  }, [requestPanel]);

  const setOpenAndRemember = useCallback((next: boolean) => {
    setOpen(next);
    savePanelOpen(sessionStore(), next);
  }, []);

  const toggle = () => {
    requestPanel();
    setFocusOnOpen(true);
    setOpenAndRemember(!open);
    // Each opening by the visitor counts; reopening after a reload (above) is the same opening.
    if (!open) countVisitEvent('chat_opened');
  };

  // Focus returns to the launcher after it is shown again (on phones it is hidden under the open panel).
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpenAndRemember(false);
  }, [setOpenAndRemember]);

  return (
    <>
      {ChatPanel && (
        <Suspense fallback={null}>
          <ChatPanel
            id={panelId}
            script={script}
            contactEmail={contactEmail}
            open={open}
            focusOnOpen={focusOnOpen}
            onClose={close}
          />
          <OnMount run={markPanelLoaded} />
        </Suspense>
      )}
      <LauncherButton
        ref={buttonRef}
        type="button"
        aria-label={script.ui.launcherLabel}
        aria-expanded={open}
        aria-controls={panelRequested ? panelId : undefined}
        aria-busy={open && !panelLoaded ? true : undefined}
        {...{ [EARLY_ACTION_ATTRIBUTE]: 'chat' }}
        onClick={toggle}
        onPointerEnter={preloadPanel}
        onPointerDown={preloadPanel}
        onFocus={preloadPanel}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </LauncherButton>
    </>
  );
}

function ChatIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.4 21l3.9-2.1c1.2.4 2.4.6 3.7.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3Zm-4 9.75a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Zm4 0a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Zm4 0a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

// Static styles, states as attribute selectors: styles generated on a tap would be inserted into the page's
// style sheet, and a new rule makes the browser restyle the whole page before the panel can show.
const LauncherButton = styled.button`
  position: fixed;
  right: 1.5rem;
  bottom: 1.5rem;
  z-index: ${look.zIndex};
  display: grid;
  place-items: center;
  width: 3.75rem;
  height: 3.75rem;
  padding: 0;
  border: 0;
  border-radius: 50%;
  color: ${look.textOnBrand};
  background: ${look.gradient};
  box-shadow:
    0 10px 30px rgba(124, 58, 237, 0.45),
    0 0 0 1px rgba(255, 255, 255, 0.18) inset;
  cursor: pointer;
  transition:
    transform 0.2s ease,
    box-shadow 0.2s ease;

  &:hover {
    transform: translateY(-2px) scale(1.04);
    box-shadow:
      0 14px 36px rgba(37, 99, 235, 0.5),
      0 0 0 1px rgba(255, 255, 255, 0.25) inset;
  }

  /* Opening, while the panel's code is on its way (a tap before it was there). */
  &[aria-busy='true'] {
    cursor: progress;
    outline: 3px solid rgba(255, 255, 255, 0.75);
    outline-offset: 3px;
  }

  @media (max-width: ${look.phoneMaxWidth}) {
    right: 1rem;
    bottom: 1rem;
    /* The full-screen panel, once shown, has its own close button. */
    &[aria-expanded='true']:not([aria-busy='true']) {
      display: none;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
`;
