import { Link } from '@tanstack/react-router';
import { sportName } from '#contract/sports';
import { Icon } from '../../../components/icons';
import { SportFilter } from '../../../components/sport-filter';
import { buttonClass } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../auth/use-can';
import { GearList } from './gear-list';

type Props = {
  /** The sport chosen (the address keeps it), undefined for all. */
  sportId: number | undefined;
  onSportChange(sportId: number | undefined): void;
};

/** `/profile/gears`: your gear by sport, drafts marked and retired pieces folded away, with the way to add more. */
export function MyGearPage({ sportId, onSportChange }: Props) {
  useDocumentTitle('Your gear');
  const mayAdd = useCan('add_gear');
  return (
    <section aria-labelledby="my-gear-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 pb-8">
      <div className="flex flex-wrap items-center justify-between gap-3 px-2 sm:px-0">
        <h1 id="my-gear-title" className="text-2xl font-bold">
          Your gear
        </h1>
        {mayAdd && (
          <Link to="/profile/gears/add" className={buttonClass('primary')}>
            <Icon name="plus" className="size-5" strokeWidth="2" />
            Add gear
          </Link>
        )}
      </div>
      <div className="px-2 sm:px-0">
        <SportFilter value={sportId} onChange={(value) => onSportChange(typeof value === 'number' ? value : undefined)} />
      </div>
      <GearList
        filters={{ sportId }}
        empty={
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-8 text-center">
            <p className="font-medium">{sportId === undefined ? 'No gear yet' : `No ${sportName(sportId)} gear yet`}</p>
            {mayAdd && (
              <>
                <p className="text-sm text-muted">Add your bikes, shoes and kit to see how far each has gone with you.</p>
                <Link to="/profile/gears/add" className={buttonClass('primary', 'mt-2')}>
                  Add gear
                </Link>
              </>
            )}
          </div>
        }
      />
    </section>
  );
}
