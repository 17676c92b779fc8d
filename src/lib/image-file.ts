import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_WRONG_TYPE } from '#contract/media';
import { messages } from './messages';

/** Whether a file's name ends in a type the image pipeline takes (`IMAGE_FORMATS`). */
export const hasImageExtension = (name: string) => IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Why a chosen file cannot go up as an image (its type, its size), said before a byte is sent; null when it can. */
export function imageFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!hasImageExtension(file.name)) return IMAGE_WRONG_TYPE;
  if (file.size > IMAGE_MAX_BYTES) return messages.user.imageTooLarge;
  return null;
}
