import type { Feed } from '#contract/feeds';
import { ACTIVITY_MAP_HEIGHT, ACTIVITY_MAP_WIDTH } from './linked-activity-card';
import { GEAR_CARD_PX } from './linked-gear-card';
import { photoGridRatio } from '../../../components/photo-grid';

/**
 * A post card's height in the list before it renders, from what it holds and the list's width, so the virtualizer
 * places rows about where they land: a wrong guess is corrected after the row is measured, which costs a second
 * layout in the same frame and moves the scrollbar (bench:scroll). The figures are the card's own CSS (feed-card.tsx):
 * paddings, the header, lines of text and the photo grid's reserved shape.
 */
const CARD_CHROME_PX = 16 + 44 + 12 + 49 + 4 + 2; // top padding, header, gap, footer with its border, bottom padding, borders
const SECTION_GAP_PX = 12;
const ROW_GAP_PX = 16;
const TITLE_LINE_PX = 25;
const TEXT_LINE_PX = 24;
const CLAMPED_LINES = 6;
/** Average glyph widths at the card's type sizes (18 px bold title, 16 px body). */
const TITLE_CHAR_PX = 10;
const TEXT_CHAR_PX = 8;
const SIDE_PADDING_PX = 32;
/** From this width up (`sm:`), photos are inset like the text. */
const SM_PX = 640;
/** The linked activity's box below its map: padding, title, sport, gap, the three figures with their terms, borders. */
const ACTIVITY_TEXT_PX = 12 + 24 + 20 + 8 + 16 + 24 + 12 + 2;
const ACTIVITY_BORDERS_PX = 2;

const linesOf = (text: string, charsPerLine: number) =>
  text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);

export function estimateFeedCardHeight(feed: Pick<Feed, 'title' | 'description' | 'images' | 'activity' | 'gear' | 'location' | 'tagUser'>, width: number) {
  const textWidth = Math.max(1, width - SIDE_PADDING_PX);
  let height = CARD_CHROME_PX + ROW_GAP_PX;
  if (feed.title || feed.description) {
    if (feed.title) height += linesOf(feed.title, textWidth / TITLE_CHAR_PX) * TITLE_LINE_PX;
    if (feed.description) height += (feed.title ? 4 : 0) + Math.min(CLAMPED_LINES, linesOf(feed.description, textWidth / TEXT_CHAR_PX)) * TEXT_LINE_PX;
    height += SECTION_GAP_PX;
  }
  if (feed.images.length > 0) height += (width >= SM_PX ? textWidth : width) / photoGridRatio(feed.images) + SECTION_GAP_PX;
  if (feed.activity) {
    const map = feed.activity.mapImage ? ((textWidth - ACTIVITY_BORDERS_PX) * ACTIVITY_MAP_HEIGHT) / ACTIVITY_MAP_WIDTH : 0;
    height += map + ACTIVITY_TEXT_PX + SECTION_GAP_PX;
  }
  // The piece of gear's box is one height at any width (linked-gear-card.tsx).
  if (feed.gear) height += GEAR_CARD_PX + SECTION_GAP_PX;
  if (feed.location || feed.tagUser.length > 0) height += 20 + SECTION_GAP_PX;
  return Math.round(height);
}
