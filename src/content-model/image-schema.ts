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

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether a file's first 16 bytes are those of an image format the pipeline takes (JPEG, PNG, WebP, AVIF). */
export function looksLikeImage(header: Uint8Array): boolean {
  if (header[0] === 0xff && header[1] === 0xd8 && header[2] === 0xff) return true;
  if (PNG_SIGNATURE.every((byte, index) => header[index] === byte)) return true;
  if (ascii(header, 0, 4) === 'RIFF' && ascii(header, 8, 12) === 'WEBP') return true;
  return ascii(header, 4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(header, 8, 12));
}

/** The content names an image that was never uploaded (or was deleted). */
export const missingImageProblem = (src: string) =>
  `is ${src}, but there is no such file in ${IMAGE_FOLDER}. Upload it in the editor, or choose another.`;

/**
 * What is wrong with the uploaded file `src` of `bytes` bytes starting with `header`, if anything: too large, or
 * not an image. The content check and the editor's image field say it in the same words.
 */
export function imageFileProblem(src: string, bytes: number, header: Uint8Array): string | undefined {
  if (bytes > MAX_IMAGE_BYTES) {
    return `is ${(bytes / 1024 / 1024).toFixed(1)} MB; images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Export it at most 2,400 pixels wide as a JPEG or WebP and upload that.`;
  }
  if (!looksLikeImage(header)) {
    return `is ${src}, which is not a JPEG, PNG, WebP or AVIF image. Upload the picture in one of those formats.`;
  }
  return undefined;
}
