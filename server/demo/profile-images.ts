import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Deps } from '../deps';
import { users } from '../db/schema/users';
import { attachUpload } from '../modules/media/attach';
import { processImage } from '../modules/media/image-pipeline';
import { saveUpload } from '../modules/media/service';
import type { DEMO_MEMBERS } from './accounts';

type DemoMember = (typeof DEMO_MEMBERS)[number];

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

// Ridge line of the picture as (x, y) fractions of its width and height.
const RIDGE: [number, number][] = [[0, 0.78], [0.18, 0.5], [0.3, 0.64], [0.48, 0.36], [0.62, 0.58], [0.8, 0.42], [1, 0.66]];

function ridgeAt(x: number) {
  for (let i = 1; i < RIDGE.length; i++) {
    const [x0, y0] = RIDGE[i - 1]!;
    const [x1, y1] = RIDGE[i]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return RIDGE.at(-1)![1];
}

/**
 * Painted pixel by pixel, not downloaded (the demo makes no outside request) and not drawn from SVG (the server
 * decodes only photo formats): a two-colour sky, a low sun and a dark ridge line.
 */
export function landscape(width: number, height: number, [from, to]: readonly [string, string]) {
  const [top, bottom] = [rgb(to), rgb(from)];
  const pixels = Buffer.alloc(width * height * 3);
  const sun = { x: width * 0.72, y: height * 0.32, r: height * 0.12 };
  for (let y = 0; y < height; y++) {
    const t = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      let colour = top.map((c, k) => c + (bottom[k]! - c) * t);
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2) colour = [255, 247, 237];
      if (y / height > ridgeAt(x / width)) colour = colour.map((c) => c * 0.22 + 28 * 0.78);
      pixels[i] = colour[0]!;
      pixels[i + 1] = colour[1]!;
      pixels[i + 2] = colour[2]!;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** Gives a demo member a profile photo and a cover, through the same pipeline a member's upload takes. */
export async function seedProfileImages(deps: Deps, userId: number, member: DemoMember) {
  const images: { profileImage?: string; profileCoverImage?: string } = {};
  for (const [field, purpose, width, height] of [
    ['profileImage', 'profile', 512, 512],
    ['profileCoverImage', 'cover', 1800, 600],
  ] as const) {
    const jpeg = await landscape(width, height, member.palette).jpeg({ quality: 88 }).toBuffer();
    const upload = await saveUpload(deps, { userId, purpose, image: await processImage(jpeg, purpose) });
    images[field] = await attachUpload(deps.db, { userId, key: upload.key, field, purpose, now: deps.clock.now() });
  }
  await deps.db.update(users).set(images).where(eq(users.id, userId));
}
