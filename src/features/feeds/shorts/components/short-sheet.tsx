import type { Feed } from '#contract/feeds';
import { Dialog } from '../../../../components/ui/dialog';
import { displayName } from '../../../../lib/display-name';
import { CommentThread } from '../../../comments/components/comment-thread';
import { feedComments } from '../../feed-comments';
import { feedReactions } from '../../feed-reactions';
import { ReactionBar } from '../../../reactions/components/reaction-bar';

/**
 * A short's reactions and comments, over the player: the posts' own reaction bar (every reaction, who reacted) and
 * comment thread, since a short is a post.
 */
export function ShortSheet({ short, onClose }: { short: Feed; onClose(): void }) {
  return (
    <Dialog title={short.title || `Short by ${displayName(short.author)}`} onClose={onClose} size="lg">
      <div className="flex flex-col gap-4 text-fg">
        <ReactionBar adapter={feedReactions} subject={short} />
        <CommentThread adapter={feedComments} subjectId={short.id} moderatorIds={[short.author.userId]} />
      </div>
    </Dialog>
  );
}
