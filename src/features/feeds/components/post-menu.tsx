import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MemberSummary } from '#contract/social';
import { menuItemClass, OptionsMenu } from '../../../components/ui/options-menu';
import { copyLink } from '../../../lib/share-link';
import { useCan } from '../../auth/use-can';
import { ReportDialog } from '../../reports/components/report-dialog';
import { useReportFollowUps } from '../../reports/report-follow-ups';
import { feedPath } from '../mappers';
import { DeleteFeedDialog } from './delete-feed-dialog';
import { feedWords } from '../feed-words';

type Props = {
  feedId: number;
  isMine: boolean;
  /** The post's author (given by the card): the menu offers to mute or block them, and so does a report's thank-you step. */
  author?: Pick<MemberSummary, 'userId' | 'handleName'> | undefined;
  onDeleted?: () => Promise<unknown>;
};

/**
 * A post's "⋯" options: copy its link for everyone; for its author also edit and delete (delete asks first), for
 * everyone else mute or block the author (the social area's entries, given where the app is put together) and report.
 * A disclosure like the account menu: Escape or a click elsewhere closes it.
 */
export function PostMenu({ feedId, isMine, author, onDeleted }: Props) {
  const { MemberMenuItems } = useReportFollowUps();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  // Editing saves the post again, which an associate needs the right to post for (issue 25); deleting does not.
  const mayPost = useCan('post');

  const copy = () => copyLink(feedPath(feedId), feedWords.linkCopied);

  return (
    <>
      <OptionsMenu label="Post options" className={!isMine && author && MemberMenuItems ? 'w-56' : undefined}>
        {(close) => (
          <>
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                void copy();
              }}
            >
              Copy link
            </button>
            {isMine && (
              <>
                {mayPost && (
                  <Link to="/feeds/edit" search={{ feedId }} className={menuItemClass} onClick={close}>
                    Edit
                  </Link>
                )}
                <button
                  type="button"
                  className={`${menuItemClass} text-danger`}
                  onClick={() => {
                    close();
                    setConfirming(true);
                  }}
                >
                  Delete
                </button>
              </>
            )}
            {!isMine && author && MemberMenuItems && <MemberMenuItems member={author} close={close} />}
            {!isMine && (
              <button
                type="button"
                className={menuItemClass}
                onClick={() => {
                  close();
                  setReporting(true);
                }}
              >
                Report
              </button>
            )}
          </>
        )}
      </OptionsMenu>
      {confirming && <DeleteFeedDialog feedId={feedId} onDeleted={onDeleted} onClose={() => setConfirming(false)} />}
      {reporting && (
        <ReportDialog
          subject={{ kind: 'post', id: feedId, name: 'this post', userId: author?.userId, handleName: author?.handleName }}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
