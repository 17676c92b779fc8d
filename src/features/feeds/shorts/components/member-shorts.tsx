import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../../../components/ui/button';
import { EmptyState } from '../../components/feeds-page';
import { ShortGrid } from './short-grid';

/** A member's shorts on their profile (the Shorts tab). The server answers only what the viewer may see. */
export function MemberShorts({ handleName }: { handleName: string }) {
  return (
    <ShortGrid
      filters={{ filter_type: 'all', handleName }}
      label={`Shorts by @${handleName}`}
      empty={<EmptyState title="No shorts yet" hint={`When @${handleName} shares a short video, it shows up here.`} />}
    />
  );
}

/** The Shorts tab of your own profile: yours, drafts and those still processing included, and a way to manage them. */
export function OwnShorts() {
  return (
    <div className="flex flex-col gap-4 text-left">
      <ShortGrid
        filters={{ filter_type: 'mine' }}
        label="Your shorts"
        empty={<EmptyState title="You haven’t posted a short yet" hint="Film the descent or the summit and share it as a short vertical video." />}
      />
      <Link to="/profile/shorts" className={buttonClass('secondary', 'self-center')}>
        Manage my shorts
      </Link>
    </div>
  );
}
