// Preview templates for the MDX entries: a service as its card on /services, a legal page as its page's text.
import { renderToStaticMarkup } from 'react-dom/server';
import type { z } from 'zod';
import { ServiceDetail } from '../../components/services/ServiceDetail';
import { Container } from '../../components/ui/Container';
import { Prose } from '../../components/ui/Prose';
import { privacyValueComponents } from '../../components/privacy/PrivacyValue';
import type { legalFrontmatter, serviceFrontmatter } from '../../content-model/schemas';
import site from '../../../content/site.json';
import servicesPageContent from '../../../content/pages/services.json';
import { filled, previewTemplate } from './PreviewFrame';
import { useMdx } from './useMdx';

type WithBody<T> = T & { body: string };

const benefitsLabel = filled(servicesPageContent).benefitsLabel;

function CompileError({ message }: { message: string }) {
  return <p role="alert">The text cannot be shown: {message}</p>;
}

export const ServicePreview = previewTemplate<WithBody<z.infer<typeof serviceFrontmatter>>>(({ data, entry }) => {
  const { Content, error } = useMdx(data.body);
  return (
    <Container>
      {error && <CompileError message={error} />}
      <ServiceDetail
        {...data}
        slug={String(entry.get('slug') ?? '')}
        html={Content ? renderToStaticMarkup(<Content />) : ''}
        benefitsLabel={benefitsLabel}
      />
    </Container>
  );
});

export const LegalPreview = previewTemplate<WithBody<z.infer<typeof legalFrontmatter>>>(({ data }) => {
  const { Content, error } = useMdx(data.body);
  return (
    <Container>
      <h1>{data.title}</h1>
      {error && <CompileError message={error} />}
      <Prose>{Content && <Content components={privacyValueComponents(site.privacy)} />}</Prose>
    </Container>
  );
});
