import { useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { theme } from '../../styles/theme';

const drift = keyframes`
  0%, 100% { transform: translate3d(0, 0, 0) scale(1); }
  50% { transform: translate3d(4%, -3%, 0) scale(1.08); }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: -1;
  overflow: hidden;
  pointer-events: none;
  background: ${theme.color.background};
`;

const Glow = styled.div<{ $color: string; $x: string; $y: string; $delay: string }>`
  position: absolute;
  inset: -20%;
  background: radial-gradient(
    circle at ${({ $x }) => $x} ${({ $y }) => $y},
    ${({ $color }) => $color},
    transparent 45%
  );
  animation: ${drift} 18s ease-in-out infinite;
  animation-delay: ${({ $delay }) => $delay};
  /* Held still until the page is idle after hydration (see below). */
  animation-play-state: paused;
  will-change: transform;

  ${Backdrop}[data-drifting='true'] > & {
    animation-play-state: running;
  }

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * The drift starts once the browser is idle after hydration: three full-viewport layers animating cost
 * every frame (about 170 ms of CPU per second in headless Chromium without a GPU), which during the first
 * load competes with parsing, first paint and hydration on a phone. The gradients are painted from the
 * first frame either way.
 */
function useDriftWhenIdle(): boolean {
  const [drifting, setDrifting] = useState(false);
  useEffect(() => {
    const idleWindow = window as IdleWindow;
    const start = () => setDrifting(true);
    if (idleWindow.requestIdleCallback && idleWindow.cancelIdleCallback) {
      const id = idleWindow.requestIdleCallback(start, { timeout: 3000 });
      return () => idleWindow.cancelIdleCallback!(id);
    }
    const timer = window.setTimeout(start, 1000);
    return () => window.clearTimeout(timer);
  }, []);
  return drifting;
}

/** Three layered purple, blue and teal radial gradients drifting with staggered delays; decoration only. */
export function AnimatedBackground() {
  const drifting = useDriftWhenIdle();
  return (
    <Backdrop aria-hidden="true" data-testid="animated-background" data-drifting={drifting}>
      <Glow $color="rgba(139, 92, 246, 0.28)" $x="15%" $y="10%" $delay="0s" />
      <Glow $color="rgba(59, 130, 246, 0.22)" $x="85%" $y="25%" $delay="-6s" />
      <Glow $color="rgba(20, 184, 166, 0.18)" $x="50%" $y="90%" $delay="-12s" />
    </Backdrop>
  );
}
