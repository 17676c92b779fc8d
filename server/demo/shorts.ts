import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FeedVisibility } from '#contract/feeds';
import type { Deps } from '../deps';
import { hours } from '../lib/clock';
import { reports } from '../db/schema/reports';
import { attachUpload } from '../modules/media/attach';
import { ffmpegTools } from '../modules/videos/ffmpeg';
import { makeClip } from '../modules/videos/video-fixtures';
import { storeArrivedVideo, VIDEO_PURPOSE } from '../modules/videos/video-uploads';
import { DEMO_MEMBERS } from './accounts';
import { writeDemoPost, type DemoWords, type Handle, type Seeded } from './posts';

/** `reported`: a member reported it, so the demo moderator's queue holds a short (written as `sendReport` files one). */
type DemoShort = DemoWords & { by: Handle; hoursAgo: number; visibility?: FeedVisibility; altText: string; reported?: { by: Handle; reasonId: number; comment: string } };

/** A few days of shorts: each a few seconds of the author's colours, made and processed as a member's upload is. */
const SHORTS: DemoShort[] = [
  { by: 'mayatrails', hoursAgo: 70, title: 'Rock garden, second try', description: 'Cleaned it this time. #mtb #trailwork', altText: 'A rider rolls through a steep rock garden', reactions: [['jonasrides', 'U+2764'], ['lenaruns', 'U+1F62E']], comments: [{ by: 'jonasrides', text: 'Smooth! That line looks scary in person.' }] },
  { by: 'priyahikes', hoursAgo: 46, title: 'Summit wind', description: 'Hold on to your hat at the top of Green Mountain. #hiking', altText: 'A view from a windy summit over the plains', reactions: [['mayatrails', 'U+2764']] },
  { by: 'jonasrides', hoursAgo: 30, title: 'Hairpins from above', description: 'Seven of them in a row. @mayatrails you would love this. #cycling #alps', altText: 'A road winding down a mountain in hairpin bends', reactions: [['mayatrails', 'U+1F603'], ['priyahikes', 'U+2764']], reported: { by: 'lenaruns', reasonId: 6, comment: 'Filmed one-handed at full speed on an open road. Please do not encourage this.' } },
  { by: 'lenaruns', hoursAgo: 12, title: 'River crossing', description: 'Shoes wet, spirits high. #running', altText: 'A runner splashes across a shallow river' },
  // For his followers only (Maya is one).
  { by: 'samgravel', hoursAgo: 5, title: 'Farm roads at dusk', description: 'Last light on the gravel. #gravel', altText: 'A gravel road between fields at sunset', visibility: 'followers' },
];


/**
 * Gives the demo members shorts with real videos: each clip is made by ffmpeg and goes through the pipeline a member's
 * upload takes (stored, then stripped, re-encoded and given a poster by the `videos.process` job), posted as a member
 * posts one before its video is ready: it comes out, its reactions and comment with it, as its job finishes, in the
 * first seconds after start. Start-up does not wait for ffmpeg. Without ffmpeg on the machine there are no demo shorts
 * (said in the log): the rest of the world stands.
 */
export async function seedDemoShorts(deps: Deps, members: Seeded[], log: Pick<FastifyBaseLogger, 'warn'>) {
  if (!(await ffmpegTools())) {
    log.warn({}, 'ffmpeg is not installed: the demo world has no shorts (install ffmpeg and start on a fresh data folder to get them)');
    return;
  }
  const member = (handle: Handle) => members.find((m) => m.handleName === handle)!;
  const palette = (handle: Handle) => DEMO_MEMBERS.find((m) => m.handleName === handle)!.palette;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchback-demo-shorts-'));
  try {
    for (const [i, short] of SHORTS.entries()) {
      const author = member(short.by);
      const clip = await makeClip(dir, { name: `short-${i}`, format: 'mp4', seconds: 3, width: 288, height: 512, audio: false, colors: [...palette(short.by)] });
      const upload = await storeArrivedVideo(deps, author.id, clip);
      const at = new Date(deps.clock.now().getTime() - hours(short.hoursAgo));
      await deps.db.transaction(async (tx) => {
        const feedId = await writeDemoPost(tx, members, author.id, at, { ...short, draft: true }, {
          kind: 'short',
          visibility: short.visibility ?? 'everyone',
          videoKey: upload.key,
          videoAlt: short.altText,
          publishWhenReady: true,
        });
        await attachUpload(tx, { userId: author.id, key: upload.key, field: 'videos', purpose: VIDEO_PURPOSE, now: at, what: 'video' });
        // Written, not sent: the service refuses a short that is not out yet, and this one comes out as its job ends.
        if (short.reported) {
          const { by, reasonId, comment } = short.reported;
          await tx.insert(reports).values({ reporterId: member(by).id, targetKind: 'short', targetId: feedId, targetUserId: author.id, reasonId, comment, createdAt: new Date(at.getTime() + hours(2)) });
        }
      });
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
