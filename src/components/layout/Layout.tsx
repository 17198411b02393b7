import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { AnimatedBackground } from './AnimatedBackground';
import { SiteHeader } from './SiteHeader';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';
import { ChatMount } from './ChatMount';

export const MAIN_CONTENT_ID = 'main-content';

const Main = styled.main`
  display: block;
  outline: none;
`;

type Props = { children: ReactNode; pathname: string };

/** The frame around every page; mounted once by wrapPageElement, so it persists across navigation. */
export function Layout({ children, pathname }: Props) {
  const site = useSiteSettings();
  return (
    <>
      <SkipLink label={site.skipLinkLabel} target={MAIN_CONTENT_ID} />
      <AnimatedBackground />
      <SiteHeader
        brandName={site.brandName}
        menuLabel={site.menuLabel}
        navigation={site.navigation}
        cta={site.navigationCta}
        pathname={pathname}
      />
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </Main>
      <SiteFooter
        brandName={site.brandName}
        email={site.email}
        blurb={site.footer.blurb}
        copyright={site.footer.copyright}
        year={site.buildYear}
        columns={site.footer.columns}
      />
      <ChatMount contactEmail={site.email} />
    </>
  );
}
