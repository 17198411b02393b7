// Every preview renders inside Decap's preview iframe. styled-components writes its rules into the document it
// runs in (the editor's), so the frame gets a style sheet manager of its own; the site placeholders
// ({brandName}, {costReductionUpTo} …) are filled with the values of content/site.json, as the build fills them.
import { Component, type ComponentType, type ReactNode } from 'react';
import { StyleSheetManager } from 'styled-components';
import site from '../../../content/site.json';
import { fillSiteTokens, siteTokenValues } from '../../content-model/site-tokens';
import { mapStrings } from '../../lib/json-strings';
import { plainValue } from '../widgets/plain-value';
import { repositoryAssets } from '../repository-assets';
import type { ContentImage } from '../../content-model/image-schema';

const tokenValues = siteTokenValues(site);

/**
 * Decap's lookup of an uploaded file by its path in the content (`/images/x.jpg`): a URL the preview can show, of
 * the upload itself or the repository's file (the templates get it through `repositoryAssets`).
 */
export type GetAsset = (path: string) => { toString(): string } | undefined;

export type EntryPreviewProps = { entry: { get(key: string): unknown }; document: Document; getAsset: GetAsset };

/** Content with the site placeholders filled in. */
export const filled = <T,>(value: T): T => mapStrings(value, (text) => fillSiteTokens(text, tokenValues));

/** The entry being edited as plain data, placeholders filled in. */
export const entryData = <T,>(entry: EntryPreviewProps['entry']): T => filled(plainValue(entry.get('data')) as T);

/**
 * An uploaded image as the site's components show it in the preview: the upload itself (not yet through the build's
 * resizing), with its description, empty when decorative.
 */
export function previewImage(
  image: Partial<ContentImage> | undefined,
  getAsset: GetAsset,
): { alt: string; src: string } | undefined {
  if (!image?.src) return undefined;
  return { alt: image.alt ?? '', src: getAsset(image.src)?.toString() || image.src };
}

type BoundaryProps = { entry: unknown; children: ReactNode };

/** A new entry, or one whose required fields are being filled in, lacks what a component needs: say so, and retry on the next change. */
class IncompleteEntryBoundary extends Component<BoundaryProps, { failedFor?: unknown }> {
  state: { failedFor?: unknown } = {};

  static getDerivedStateFromError() {
    return { failedFor: null };
  }

  componentDidCatch() {
    this.setState({ failedFor: this.props.entry });
  }

  render() {
    const failed = this.state.failedFor === null || this.state.failedFor === this.props.entry;
    return failed ? <p>The preview appears once the required fields are filled in.</p> : this.props.children;
  }
}

/** A Decap preview template rendering `Body` with the entry's data, inside the frame's styles and the boundary. */
export function previewTemplate<T>(
  Body: ComponentType<{ data: T; entry: EntryPreviewProps['entry']; getAsset: GetAsset }>,
) {
  return function PreviewTemplate({ entry, document, getAsset }: EntryPreviewProps) {
    return (
      <StyleSheetManager target={document.head}>
        <main>
          <IncompleteEntryBoundary entry={entry}>
            <Body data={entryData<T>(entry)} entry={entry} getAsset={repositoryAssets(getAsset)} />
          </IncompleteEntryBoundary>
        </main>
      </StyleSheetManager>
    );
  };
}
