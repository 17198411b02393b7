// Finding an upload from its path in the content. The content names an image by its public path (/images/x.jpg),
// but Decap (3.x, since decap-cms#7650) takes any path starting with "/" for an address the site itself serves
// and never looks it up in the repository or among the uploads not yet saved; this site serves no uploads (the
// build resizes them). Asked for the bare file name, Decap looks in the media folder (content/images): a new
// upload, or a file of the repository, both shown and read in the editor before they are published.
import { IMAGE_PUBLIC_PATH } from '../content-model/image-schema';

type GetAsset<Field, Asset> = (path: string, field?: Field) => Asset;

/** `/images/team.jpg` → `team.jpg`; any other path as it is. */
export const uploadName = (path: string) =>
  path.startsWith(`${IMAGE_PUBLIC_PATH}/`) ? path.slice(IMAGE_PUBLIC_PATH.length + 1) : path;

const wrapped = new WeakMap<object, unknown>();

/** Decap's `getAsset`, finding uploads by their content path; the same function for the same `getAsset`. */
export function repositoryAssets<Field, Asset>(getAsset: GetAsset<Field, Asset>): GetAsset<Field, Asset> {
  const known = wrapped.get(getAsset) as GetAsset<Field, Asset> | undefined;
  if (known) return known;
  const byName: GetAsset<Field, Asset> = (path, field) => getAsset(uploadName(path), field);
  wrapped.set(getAsset, byName);
  return byName;
}
