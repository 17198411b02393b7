// Counts one event of the visit on the current page: page views (./page-view.ts), the chat opened
// (src/features/chat/ChatLauncher.tsx) and a lead form started (src/features/forms/useLeadForm.ts).
import { countingRefused } from './consent';
import { queueVisitEvent, type VisitSource } from './send';
import { visitId } from './visit-id';
import type { VisitEventKind } from './visit-event-kinds';

export function countVisitEvent(kind: VisitEventKind, source?: VisitSource): void {
  if (!countingRefused() && visitId())
    queueVisitEvent(
      // Object.assign, not spread: the site's browser targets turn a spread into a helper call. The database cuts
      // the path to its bound. Browsers driven by automation (Playwright, Selenium, headless crawlers) say so; they
      // are not visitors.
      Object.assign({ kind, visit_id: visitId(), path: location.pathname, automated: !!navigator.webdriver }, source),
    );
}
