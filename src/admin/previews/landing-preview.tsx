// The preview of a landing page: how it looks when shared, then its sections as the site renders them
// (LandingSectionsPreview, the landing template's own section components fed the entry being edited).
import type { LandingPageContent } from '../../content-model/landing-schema';
import { previewTemplate } from './PreviewFrame';
import { SocialCardPreview } from './SocialCardPreview';
import { LandingSectionsPreview } from './landing-sections-preview';

export const LandingPreview = previewTemplate<LandingPageContent>(({ data, getAsset }) => (
  <>
    <SocialCardPreview {...data.meta} getAsset={getAsset} />
    <LandingSectionsPreview sections={data.sections} getAsset={getAsset} />
  </>
));
