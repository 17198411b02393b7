// styled-components marks its server-rendered <style> so that the browser copy finds it when it starts. It
// then re-inserts every rule into a style element of its own, one insertRule at a time, inside the task that
// evaluates the app bundle: 15-20 ms of that task on /contact here (~4x on a phone), the longest task of a
// page load. Unmarked, the server's rules simply stay where they are, and the browser copy inserts a
// component's rules when it first renders it, in hydration's ~5 ms slices.
// Without the mark the browser copy also appends its style element at the end of <head> instead of next to
// the server's; in Lighthouse A/B runs of /contact that read 133 ms of TBT against 182 (median of 8). The
// cascade is unchanged: what follows in <head> (the theme's custom properties, gatsby-plugin-image's wrapper
// rules) competes with no component rule, and a browser test compares every element's computed style before
// and after hydration.
import React, { isValidElement, type ReactNode } from 'react';

const STYLED_COMPONENTS_MARK = 'data-styled';
export const SERVER_STYLES_ATTRIBUTE = 'data-server-styles';

type StyleProps = { [STYLED_COMPONENTS_MARK]?: string; dangerouslySetInnerHTML?: { __html: string }; nonce?: string };

/** The head components, with styled-components' server-rendered style unmarked. */
export function withoutStyleRehydration(components: ReactNode[]): ReactNode[] {
  return components.map((component) => {
    if (!isValidElement<StyleProps>(component) || component.type !== 'style') return component;
    const { props } = component;
    if (props[STYLED_COMPONENTS_MARK] === undefined) return component;
    return (
      <style
        key={component.key ?? 'server-styles'}
        {...{ [SERVER_STYLES_ATTRIBUTE]: '' }}
        nonce={props.nonce}
        dangerouslySetInnerHTML={props.dangerouslySetInnerHTML}
      />
    );
  });
}
