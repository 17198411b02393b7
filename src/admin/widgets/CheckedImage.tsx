// Decap's image control (upload to the media library, or choose an image already uploaded), checked like the
// content check checks an image: its path by the field's zod schema at once, and the file itself (at most 2 MB, a
// JPEG, PNG, WebP or AVIF by its first bytes, and there at all) as soon as the control has it. The media
// library's own `max_file_size` already refuses a large upload; this also catches a file chosen from the library
// or renamed to .jpg. A file still being read never blocks typing: the save waits for it (`imageFileProblems`).
import type { ComponentType } from 'react';
import type { ZodType } from 'zod';
import { imageFileProblem, missingImageProblem } from '../../content-model/image-schema';
import { repositoryAssets } from '../repository-assets';
import { editorField, fieldProblem } from '../field-names';
import { invalid, schemaMessage, WrappedControl, type ControlProps, type Validity } from './CheckedControl';
import { plainValue } from './plain-value';

/** Decap's asset for a path: the uploaded File, or a URL the editor can read the file from. */
type Asset = { path: string; url: string; fileObj?: File };
type ImageProps = ControlProps & { getAsset(path: string, field?: ControlProps['field']): Asset };

/** Decap hands out this placeholder while it is still loading an asset from the repository. */
const isLoading = (asset: Asset) => asset.path === 'empty.svg';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The problem of the file behind `src`, in the content check's words ("is … MB; …"); none when it cannot be read. */
async function fileProblem(props: ImageProps, src: string): Promise<string | undefined> {
  const getAsset = repositoryAssets(props.getAsset);
  const deadline = Date.now() + 20_000;
  let asset = getAsset(src, props.field);
  while (isLoading(asset) && Date.now() < deadline) {
    await pause(150);
    asset = getAsset(src, props.field);
  }
  if (isLoading(asset)) return undefined;
  let file: Blob | undefined = asset.fileObj;
  if (!file) {
    const response = await fetch(asset.url).catch(() => undefined);
    if (!response?.ok) return missingImageProblem(src);
    file = await response.blob();
  }
  const header = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return imageFileProblem(src, file.size, header);
}

type FileCheck = { result: Promise<string | undefined>; problem?: string | null };

/** The file checks under way or done: the latest by path, for the save to wait on, and by asset, to read once. */
const fileChecks = new Map<string, FileCheck>();
const checksByAsset = new WeakMap<Asset, FileCheck>();

/**
 * The problem of each image in `sources` whose file an image field of this editor read, once every reading is
 * done (none for an image no field has shown).
 */
export const imageFileProblems = (sources: string[]): Promise<(string | undefined)[]> =>
  Promise.all(sources.map((src) => fileChecks.get(src)?.result));

export function checkedImageControl(Inner: ComponentType<ControlProps>, checks: Map<string, ZodType>) {
  return class CheckedImageControl extends WrappedControl<ImageProps> {
    private unmounted = false;

    componentDidMount() {
      this.checkFile();
    }

    componentDidUpdate(previous: ImageProps) {
      if (previous.value !== this.props.value) this.checkFile();
    }

    componentWillUnmount() {
      this.unmounted = true;
    }

    /** The path in the field, when the field's schema takes it (a file worth reading). */
    private source(): string | undefined {
      const src = plainValue(this.props.value);
      if (typeof src !== 'string' || src === '') return undefined;
      return schemaMessage(checks, this.props.field, src) === undefined ? src : undefined;
    }

    private checkFile() {
      const src = this.source();
      if (!src) return;
      const asset = repositoryAssets(this.props.getAsset)(src, this.props.field);
      // A file uploaded again under the same name is a new asset, read again; one still loading is read once.
      const known = isLoading(asset) ? fileChecks.get(src) : checksByAsset.get(asset);
      if (known) {
        fileChecks.set(src, known);
        return;
      }
      const check: FileCheck = { result: fileProblem(this.props, src) };
      if (!isLoading(asset)) checksByAsset.set(asset, check);
      fileChecks.set(src, check);
      void check.result.then((problem) => {
        check.problem = problem ?? null;
        // Said under the field at once, not only when saving.
        if (problem && !this.unmounted && this.source() === src) this.props.validate?.();
      });
    }

    isValid = (): Validity => {
      const message = schemaMessage(checks, this.props.field, this.props.value);
      if (message !== undefined) return invalid(message);
      const src = this.source();
      const problem = src ? fileChecks.get(src)?.problem : undefined;
      return problem ? invalid(fieldProblem(editorField(this.props.field), problem)) : true;
    };

    render() {
      // The built-in control shows the upload's thumbnail with the same lookup.
      const props = { ...this.props, getAsset: repositoryAssets(this.props.getAsset) };
      return this.renderInner(Inner, props);
    }
  };
}
