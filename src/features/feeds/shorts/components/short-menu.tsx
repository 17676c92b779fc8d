import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Feed } from '#contract/feeds';
import { menuItemClass, OptionsMenu } from '../../../../components/ui/options-menu';
import { copyLink } from '../../../../lib/share-link';
import { useSession } from '../../../auth/session-context';
import { ReportDialog } from '../../../reports/components/report-dialog';
import { useReportFollowUps } from '../../../reports/report-follow-ups';
import { SHORT_LINK_COPIED } from '../share-short';

/**
 * A short's "⋯" over the player, as a post's menu: copy its link; for everyone but its author mute or block the author
 * (the social area's entries, given where the app is put together) and report it (a short is reported as the post it
 * is); for its author, the way to edit or delete it in Your shorts.
 */
export function ShortMenu({ short, onReported }: { short: Feed; onReported?: ((feedId: number) => void) | undefined }) {
  const { user } = useSession();
  const { MemberMenuItems } = useReportFollowUps();
  const [reporting, setReporting] = useState(false);
  const isMine = user?.userId === short.author.userId;
  return (
    <>
      <OptionsMenu label="Short options" className="w-56" onMedia>
        {(close) => (
          <>
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                void copyLink(`/shorts/${short.id}`, SHORT_LINK_COPIED);
              }}
            >
              Copy link
            </button>
            {isMine ? (
              <Link to="/profile/shorts" className={menuItemClass} onClick={close}>
                Edit or delete in Your shorts
              </Link>
            ) : (
              <>
                {MemberMenuItems && <MemberMenuItems member={short.author} close={close} />}
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
              </>
            )}
          </>
        )}
      </OptionsMenu>
      {reporting && (
        <ReportDialog
          subject={{ kind: 'short', id: short.id, name: 'this short', userId: short.author.userId, handleName: short.author.handleName }}
          onClose={() => setReporting(false)}
          onSent={() => onReported?.(short.id)}
        />
      )}
    </>
  );
}
