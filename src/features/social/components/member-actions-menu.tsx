import { useState } from 'react';
import type { Relationship } from '#contract/social';
import { menuItemClass, OptionsMenu } from '../../../components/ui/options-menu';
import { ReportDialog } from '../../reports/components/report-dialog';
import { MemberMenuItems } from './member-menu-items';

/**
 * "⋯" beside another member's follow button: block or unblock, mute or unmute (the same entries as their posts' and
 * comments' menus), report. A disclosure like the post menu: Escape closes it and gives focus back to its button.
 * Blocking asks first, reporting opens its dialog; the rest act at once.
 */
export function MemberActionsMenu({ member }: { member: Relationship & { handleName: string } }) {
  const [reporting, setReporting] = useState(false);
  const handle = `@${member.handleName}`;
  return (
    <>
      <OptionsMenu label={`More actions for ${handle}`} className="w-56">
        {(close) => (
          <>
            <MemberMenuItems member={member} relationship={member} close={close} />
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
      {reporting && (
        <ReportDialog
          subject={{ kind: 'member', id: member.userId, name: handle, userId: member.userId, handleName: member.handleName }}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
