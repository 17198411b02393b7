// Every route at 1280 px: its look through hydration, structure, axe and screenshot (setup/route-visits.ts).
import { DESKTOP } from './setup/browser';
import { describeEveryRoute } from './setup/route-visits';

describeEveryRoute(DESKTOP);
