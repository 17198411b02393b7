// A part of the page whose code loads after the rest (a React.lazy component inside). The server renders it
// whole; on a visit React keeps that HTML and hydrates the part once its code has arrived, after the rest of
// the page. Until then it is marked pending (EARLY_PENDING_ATTRIBUTE): the early-input script keeps holding
// typing and submits inside it as it does for the whole page before hydration, and its components adopt them
// when they mount (./adopt.ts).
import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { EARLY_PENDING_ATTRIBUTE } from './attributes';

/** Renders its children; calls `onMounted` after their mount effects (effects run children first). */
function AfterChildren({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}

export function LateHydration({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(true);
  const ready = useCallback(() => setPending(false), []);
  return (
    <div {...{ [EARLY_PENDING_ATTRIBUTE]: pending ? '' : undefined }}>
      <Suspense fallback={null}>
        <AfterChildren onMounted={ready}>{children}</AfterChildren>
      </Suspense>
    </div>
  );
}
