import { useState } from 'react';
import type { Relationship } from '#contract/social';
import { menuItemClass, OptionsMenu } from '../../../components/ui/options-menu';
import { ReportDialog } from '../../reports/components/report-dialog';
import { useBlockMuteToggle } from '../block-mute-toggle';
import { BlockDialog } from './block-dialog';

/**
 * "⋯" beside another member's follow button: block or unblock, mute or unmute, report. A disclosure like the post
 * menu: Escape closes it and gives focus back to its button. Blocking asks first, reporting opens its dialog; the rest
 * act at once.
 */
export function MemberActionsMenu({ member }: { member: Relationship & { handleName: string } }) {
  const { block, unblock, mute, unmute } = useBlockMuteToggle();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const handle = `@${member.handleName}`;
  return (
    <>
      <OptionsMenu label={`More actions for ${handle}`} className="w-56">
        {(close) => (
          <>
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                void (member.isMuted ? unmute(member) : mute(member));
              }}
            >
              {member.isMuted ? `Unmute ${handle}` : `Mute ${handle}`}
            </button>
            <button
              type="button"
              className={member.isBlocked ? menuItemClass : `${menuItemClass} text-danger`}
              onClick={() => {
                close();
                if (member.isBlocked) void unblock(member);
                else setConfirming(true);
              }}
            >
              {member.isBlocked ? `Unblock ${handle}` : `Block ${handle}`}
            </button>
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                setReporting(true);
              }}
            >
              {`Report ${handle}`}
            </button>
          </>
        )}
      </OptionsMenu>
      {confirming && (
        <BlockDialog
          handleName={member.handleName}
          onConfirm={() => {
            setConfirming(false);
            void block(member);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
      {reporting && (
        <ReportDialog
          subject={{ kind: 'member', id: member.userId, name: handle, userId: member.userId, handleName: member.handleName }}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
