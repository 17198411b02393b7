// The blocks a landing page shows below its hero, in one chunk of their own that the page loads after its
// first load (blocks.tsx): the server renders them whole, and they hydrate when it arrives.
export { ServicesBlock } from './ServicesBlock';
export { PlansBlock } from './PlansBlock';
export { TestimonialsBlock } from './TestimonialsBlock';
export { StatsBlock } from './StatsBlock';
export { ReasonsBlock } from './ReasonsBlock';
export { TextBlock } from './TextBlock';
export { FaqBlock } from './FaqBlock';
export { CtaBlock } from './CtaBlock';
