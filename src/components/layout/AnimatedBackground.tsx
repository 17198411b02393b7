import styled, { keyframes } from 'styled-components';

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
  background: ${({ theme }) => theme.color.background};
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
  will-change: transform;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Three layered purple, blue and teal radial gradients drifting with staggered delays; decoration only. */
export function AnimatedBackground() {
  return (
    <Backdrop aria-hidden="true" data-testid="animated-background">
      <Glow $color="rgba(139, 92, 246, 0.28)" $x="15%" $y="10%" $delay="0s" />
      <Glow $color="rgba(59, 130, 246, 0.22)" $x="85%" $y="25%" $delay="-6s" />
      <Glow $color="rgba(20, 184, 166, 0.18)" $x="50%" $y="90%" $delay="-12s" />
    </Backdrop>
  );
}
