// The message after a submission. It receives focus (tabIndex -1) and is a live region, so screen
// readers announce it either way.
import { forwardRef, type ReactNode } from 'react';
import { Banner } from './styles';

type StatusBannerProps = { tone: 'success' | 'error'; children: ReactNode };

export const StatusBanner = forwardRef<HTMLDivElement, StatusBannerProps>(function StatusBanner(
  { tone, children },
  ref,
) {
  return (
    <Banner ref={ref} data-tone={tone} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {children}
    </Banner>
  );
});
