/**
 * A row that scrolls sideways on a phone (tabs, chips) fades out at its right edge, so a chip cut in half reads as
 * "more this way" rather than as clipped. The padding after the last item lets it scroll clear of the fade.
 */
export const scrollRowFade = '[mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] pr-8';
