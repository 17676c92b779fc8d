import type { FeedImage } from '#contract/feeds';

/** A photo's `dimens` (`width:height`, spec §3) as numbers; a missing or broken value reads as a 4:3 landscape. */
export function sizeOf(image: Pick<FeedImage, 'dimens'>): { width: number; height: number } {
  const match = /^(\d+(?:\.\d+)?)\s*[:x]\s*(\d+(?:\.\d+)?)$/.exec(image.dimens.trim());
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  return width > 0 && height > 0 ? { width, height } : { width: 4, height: 3 };
}
