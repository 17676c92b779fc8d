import type { Deps } from '../deps';
import type { Db } from '../db/client';
import { feedImages, feedMentions, feeds } from '../db/schema/feeds';
import { reactions, subjects } from '../db/schema/subjects';
import { days, hours } from '../lib/clock';
import { insertComment } from '../modules/feeds/comments-service';
import { NO_TAGS, syncPostHashtags } from '../modules/feeds/hashtag-counts';
import { parseTags } from '../modules/feeds/text-tags';
import { attachUpload } from '../modules/media/attach';
import { processImage } from '../modules/media/image-pipeline';
import { saveUpload } from '../modules/media/service';
import type { Upload } from '../modules/media/upload-files';
import { DEMO_MEMBERS } from './accounts';
import { lastWeekday, onLocalDay, type Weekday } from './local-days';
import { landscape } from './profile-images';

export type Seeded = { id: number; handleName: string };
export type Handle = (typeof DEMO_MEMBERS)[number]['handleName'];

/** Where each demo member lives, for the clock a post's weekday is read on. */
export const HOME_ZONES: Record<Handle, string> = {
  mayatrails: 'America/Denver',
  jonasrides: 'Europe/Vienna',
  priyahikes: 'Asia/Kolkata',
  samgravel: 'America/Los_Angeles',
  lenaruns: 'Europe/Paris',
  theowalks: 'Europe/London',
};

type DemoPost = {
  by: Handle;
  /** How long before now it was posted, or, for a post whose words name a day, that day last week at a local time. */
  ago: number | { last: Weekday; at: [hour: number, minute: number] };
  title: string;
  description: string;
  /** How many photos, painted in the author's colours. */
  photos?: number;
  location?: { name: string; latitude: number; longitude: number };
  draft?: true;
  reactions?: [Handle, string][];
  /** A conversation under the post: each comment with its replies, in order. */
  comments?: { by: Handle; text: string; replies?: { by: Handle; text: string }[] }[];
};

/** Two weeks of posts from the demo members (a post naming a day falls on it, within the last week). Sam's profile is private: only Maya, who follows him, sees his. */
const POSTS: DemoPost[] = [
  { by: 'jonasrides', ago: days(13), title: 'First col of the year', description: 'Kühtai from Ötz, snow walls still up top. #cycling #alps', photos: 2, location: { name: 'Kühtai, Tirol', latitude: 47.2133, longitude: 11.0197 }, reactions: [['mayatrails', 'U+2764'], ['priyahikes', 'U+1F62E']] },
  { by: 'priyahikes', ago: days(12), title: 'Sunrise on Mount Sanitas', description: 'Headlamp start, coffee at the top. Worth every step. #sunrise #hiking', photos: 1, location: { name: 'Mount Sanitas, Boulder', latitude: 40.0306, longitude: -105.3047 }, reactions: [['mayatrails', 'U+1F603']] },
  { by: 'mayatrails', ago: days(11), title: 'Trail day recap', description: 'Twelve of us rebuilt three switchbacks on Betasso. Thank you all! #trailwork #mtb', photos: 2, location: { name: 'Betasso Preserve', latitude: 40.0144, longitude: -105.3442 }, reactions: [['jonasrides', 'U+2764'], ['priyahikes', 'U+2764'], ['lenaruns', 'U+1F44D']], comments: [{ by: 'priyahikes', text: 'That top switchback finally drains! Count me in for the next one. #trailwork', replies: [{ by: 'mayatrails', text: '@priyahikes bringing the good McLeod for you.' }] }, { by: 'jonasrides', text: 'Wish I had been there. Next time I bring cake.' }] },
  { by: 'samgravel', ago: days(10), title: 'Unmarked roads', description: '140 km of farm roads and one very confused cow. #gravel', photos: 1, reactions: [['mayatrails', 'U+1F603']], comments: [{ by: 'mayatrails', text: 'The cow is the real hero of this ride.' }] },
  { by: 'lenaruns', ago: { last: 'Tuesday', at: [8, 15] }, title: 'Tempo Tuesday', description: '10 km along the Arve, negative splits for once. #running', reactions: [['priyahikes', 'U+1F44D']] },
  { by: 'jonasrides', ago: { last: 'Sunday', at: [16, 40] }, title: 'Gravel Sunday', description: `Dusty loop with @mayatrails leading the descents. #gravel #sunrise`, photos: 1, reactions: [['mayatrails', 'U+2764']] },
  { by: 'theowalks', ago: days(7), title: 'Lunch walk', description: 'Found a new path behind the library. Small wins. #walking' },
  { by: 'priyahikes', ago: days(6), title: 'Wildflowers', description: 'The meadow above Chautauqua is purple right now. #hiking', photos: 1, reactions: [['lenaruns', 'U+1F642'], ['mayatrails', 'U+2764']] },
  { by: 'mayatrails', ago: { last: 'Thursday', at: [21, 30] }, title: 'Thursday night ride', description: 'Lights on, 14 riders, zero flats. Same time next week. #mtb #nightride', photos: 1, reactions: [['jonasrides', 'U+1F62E'], ['lenaruns', 'U+2764'], ['samgravel', 'U+2764']], comments: [{ by: 'lenaruns', text: 'Which lights are you running? Mine die after an hour.', replies: [{ by: 'mayatrails', text: 'Two 1200-lumen ones, bar and helmet. Happy to lend one.' }, { by: 'lenaruns', text: 'Deal, see you Thursday!' }] }] },
  { by: 'samgravel', ago: days(3), title: 'Bike packing list', description: 'Down to 6.8 kg. What am I forgetting? #gravel #bikepacking', reactions: [['mayatrails', 'U+1F622']] },
  { by: 'lenaruns', ago: days(2), title: 'Long run', description: '28 km, mostly in the rain. Soup now. #running #sunrise', photos: 1, location: { name: 'Englischer Garten, München', latitude: 48.1642, longitude: 11.6056 } },
  { by: 'jonasrides', ago: hours(20), title: 'Rest day', description: 'Cleaning the chain and planning the next col. #cycling' },
  { by: 'mayatrails', ago: hours(3), title: 'New line on Walker Ranch', description: 'Scouting notes for the next trail day: two drains, one reroute. #trailwork', photos: 1, draft: true },
];

/**
 * Gives the demo members posts: a dozen over the last two weeks with photos painted like their profile pictures,
 * hashtags, a mention of Maya and reactions, and one draft of Maya's. Runs once, on the demo world's first start.
 */
export async function seedDemoPosts(deps: Deps, members: Seeded[]) {
  const byHandle = new Map(members.map((m) => [m.handleName, m]));
  const member = (handle: Handle) => byHandle.get(handle) ?? failMissing(handle);
  const palette = (handle: Handle) => DEMO_MEMBERS.find((m) => m.handleName === handle)!.palette;
  const now = deps.clock.now();

  for (const post of POSTS) {
    const author = member(post.by);
    const at =
      typeof post.ago === 'number'
        ? new Date(now.getTime() - post.ago)
        : onLocalDay(lastWeekday(now, post.ago.last, HOME_ZONES[post.by]), post.ago.at, HOME_ZONES[post.by]);
    // Photos go through the pipeline a member's upload takes (outside the transaction: files are written too).
    const photos: Upload[] = [];
    for (let i = 0; i < (post.photos ?? 0); i++) {
      const [from, to] = palette(post.by);
      const jpeg = await landscape(1200, 800, i % 2 ? [to, from] : [from, to]).jpeg({ quality: 85 }).toBuffer();
      photos.push(await saveUpload(deps, { userId: author.id, purpose: 'feed', image: await processImage(jpeg, 'feed') }));
    }
    await deps.db.transaction(async (tx) => {
      const feedId = await writeDemoPost(tx, members, author.id, at, post, {
        location: post.location?.name ?? null,
        latitude: post.location?.latitude ?? null,
        longitude: post.location?.longitude ?? null,
      });
      for (const [position, upload] of photos.entries()) {
        await attachUpload(tx, { userId: author.id, key: upload.key, field: 'images', purpose: 'feed', now: at });
        await tx.insert(feedImages).values({
          feedId,
          position,
          uploadKey: upload.key,
          url: `/media/${upload.key}/${upload.files.display!}`,
          thumbnail: `/media/${upload.key}/${upload.files.thumb!}`,
          width: upload.width,
          height: upload.height,
        });
      }
    });
  }
}

/** What every demo post and short has: words, reactions and a conversation. */
export type DemoWords = Pick<DemoPost, 'title' | 'description' | 'draft' | 'reactions' | 'comments'>;

/**
 * Writes one demo post or short by `authorId` at `at` (its subject, row with `columns`, hashtags, mentions, comments
 * and reactions) as the services would have; answers its id. The kind's own parts (photos, a video) are the caller's.
 */
export async function writeDemoPost(tx: Db, members: Seeded[], authorId: number, at: Date, post: DemoWords, columns: Partial<typeof feeds.$inferInsert>) {
  const member = (handle: Handle) => members.find((m) => m.handleName === handle) ?? failMissing(handle);
  const { hashtags, handles } = parseTags(`${post.title}\n${post.description}`);
  const publishedAt = post.draft ? null : at;
  const [subject] = await tx
    .insert(subjects)
    .values({ kind: 'post', ownerId: authorId, likeCount: post.reactions?.length ?? 0 })
    .returning({ id: subjects.id });
  const subjectId = subject!.id;
  const [row] = await tx
    .insert(feeds)
    .values({
      ...columns,
      userId: authorId,
      subjectId,
      title: post.title,
      description: post.description,
      isDraft: post.draft ?? false,
      hashtags,
      createdAt: at,
      updatedAt: at,
      publishedAt,
    })
    .returning({ id: feeds.id });
  const feedId = row!.id;
  await syncPostHashtags(tx, feedId, NO_TAGS, { tags: hashtags, publishedAt });
  const mentioned = handles.flatMap((h) => members.filter((m) => m.handleName.toLowerCase() === h));
  if (mentioned.length > 0) await tx.insert(feedMentions).values(mentioned.map((m, position) => ({ feedId, userId: m.id, position })));
  let minute = 0;
  const later = () => new Date(at.getTime() + hours(2) + ++minute * 60_000);
  for (const c of post.comments ?? []) {
    const { row: top } = await insertComment(tx, { feedId, userId: member(c.by).id, parentId: null, comment: c.text, createdAt: later() });
    for (const r of c.replies ?? []) {
      await insertComment(tx, { feedId, userId: member(r.by).id, parentId: top.id, comment: r.text, createdAt: later() });
    }
  }
  if (post.reactions?.length) {
    await tx.insert(reactions).values(
      post.reactions.map(([handle, code], i) => ({ subjectId, userId: member(handle).id, code, createdAt: new Date(at.getTime() + hours(1 + i)) })),
    );
  }
  return feedId;
}

function failMissing(handle: string): never {
  throw new Error(`Demo member @${handle} was not seeded`);
}
