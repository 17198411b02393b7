// Preview templates for the page files: how the page looks when shared, then the site's own section components,
// fed the entry being edited.
import type { z } from 'zod';
import { HomeHero } from '../../components/home/HomeHero';
import { StatsBand } from '../../components/home/StatsBand';
import { PageHero } from '../../components/ui/PageHero';
import { CtaBand } from '../../components/ui/CtaBand';
import { Testimonials } from '../../components/home/Testimonials';
import { PlanCard } from '../../components/pricing/PlanCard';
import { CardGrid } from '../../components/ui/Section';
import { Container } from '../../components/ui/Container';
import type {
  home as homeSchema,
  leadPage,
  plan,
  pricingPage,
  servicesPage,
  testimonial,
} from '../../content-model/schemas';
import { filled, previewImage, previewTemplate } from './PreviewFrame';
import { SocialCardPreview } from './SocialCardPreview';
import homeContent from '../../../content/pages/home.json';
import pricingContent from '../../../content/pages/pricing.json';

// Plans and testimonials are shown inside sections of other pages: their labels come from those pages' files.
const pricing = filled(pricingContent);
const home = filled(homeContent);

export const HomePreview = previewTemplate<z.infer<typeof homeSchema>>(({ data, getAsset }) => {
  const { primaryCta: primary, secondaryCta: secondary, ...closing } = data.closingCta;
  // The hero as a visitor without a variant sees it, the original, as on a landing page's preview.
  const { experiment: _experiment, ...hero } = data.hero;
  return (
    <>
      <SocialCardPreview {...data.meta} getAsset={getAsset} />
      <HomeHero {...hero} image={previewImage(hero.image, getAsset)} />
      <StatsBand stats={data.stats} />
      <CtaBand {...closing} primary={primary} secondary={secondary} />
    </>
  );
});

type HeroPage = Partial<z.infer<typeof servicesPage> & z.infer<typeof pricingPage>> & z.infer<typeof leadPage>;

/** /services, /pricing, /contact and /book open with the same hero; the first two close with a call to action. */
export const PagePreview = previewTemplate<HeroPage>(({ data, getAsset }) => (
  <>
    <SocialCardPreview {...data.meta} getAsset={getAsset} />
    <PageHero {...data.hero} />
    {data.cta && <CtaBand title={data.cta.title} text={data.cta.text} primary={data.cta.cta} />}
  </>
));

export const PlansPreview = previewTemplate<{ plans: z.infer<typeof plan>[] }>(({ data }) => (
  <Container>
    <CardGrid $min="15.5rem">
      {data.plans.map((item) => (
        <PlanCard key={item.name} {...item} mostPopularLabel={pricing.mostPopularLabel} quoteCta={pricing.quoteCta} />
      ))}
    </CardGrid>
  </Container>
));

export const TestimonialsPreview = previewTemplate<{ testimonials: z.infer<typeof testimonial>[] }>(
  ({ data, getAsset }) => (
    <Testimonials
      {...home.testimonialsSection}
      testimonials={data.testimonials.map((item) => ({ ...item, photo: previewImage(item.photo, getAsset) }))}
    />
  ),
);
