// Every route at 375 px: its look through hydration, structure, axe and screenshot (setup/route-visits.ts).
import { MOBILE } from './setup/browser';
import { describeEveryRoute } from './setup/route-visits';

describeEveryRoute(MOBILE);
