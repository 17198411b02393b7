// An image a marketer uploads in the editor's media library: stored in the repository under content/images,
// named in content by its public path (/images/<file>), processed by gatsby-plugin-image at build time. Every
// image says what it shows, or is marked decorative (the site then gives it an empty alt).
import { z } from 'zod';
import { sharedType } from './graphql';
import { imagePathField } from './field-kinds';
import { notWording } from './wording';
import { text } from './zod-helpers';

/** Where uploads are stored (relative to the repository) and how content names them. */
export const IMAGE_FOLDER = 'content/images';
export const IMAGE_PUBLIC_PATH = '/images';
/** Large enough for a sharp 2,400-pixel photo; the site serves resized copies, never this file. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;

const imagePath = imagePathField(
  notWording(
    text('src').regex(
      new RegExp(`^${IMAGE_PUBLIC_PATH}/[^/]+\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i'),
      `src must be an image uploaded in the editor (${IMAGE_PUBLIC_PATH}/name.jpg): a JPEG, PNG, WebP or AVIF file`,
    ),
  ),
);

export const image = sharedType(
  'Image',
  z
    .object({
      src: imagePath,
      alt: text('alt')
        .max(250, 'alt should be at most 250 characters: describe the picture, not everything')
        .optional(),
      decorative: z.boolean({ error: 'decorative must be true or false' }).optional(),
    })
    .strict()
    .refine((value) => Boolean(value.alt) !== (value.decorative === true), {
      message:
        'an image needs either alt (what it shows, for people who cannot see it) or decorative ticked (it adds nothing to the words), not both',
      path: ['alt'],
    }),
);

export type ContentImage = z.infer<typeof image>;

/** `/images/team.jpg` → `images/team.jpg`: the path of the upload inside the content folder. */
export const imageContentPath = (src: string) => src.replace(/^\//, '');
