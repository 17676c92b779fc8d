import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PRIVACY_ZONES_MAX } from '#contract/activities';
import { Icon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { privacySettingsQuery } from '../api';
import { PrivacyForm } from './privacy-form';

/**
 * `/profile/privacy-zones` (check 19): up to five places whose surroundings no one else sees on the member's
 * activities, and how much of every activity's start and end to hide, with what they do in plain words.
 */
export function PrivacyZonesPage() {
  const settings = useQuery({ ...privacySettingsQuery(), meta: { silent: true } });
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 pb-8">
      <Link to="/profile/edit" className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg text-sm font-medium text-muted hover:text-fg">
        <Icon name="chevronLeft" className="size-4" strokeWidth="2" strokeLinejoin="miter" />
        Edit profile
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Privacy zones</h1>
        <p className="text-muted">
          Keep places like your home or work off the maps of your activities. Add up to {PRIVACY_ZONES_MAX} zones, each a circle around an address or a
          point on the map.
        </p>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          <li>Zones apply at once to every activity you have logged and every one you log later.</li>
          <li>Others see your activities start and end outside the zones. You still see your whole track, with what they miss marked.</li>
          <li>Each circle is moved off-centre on purpose, and made larger to still cover yours, so nobody can work out the place in its middle.</li>
          <li>Your totals stay whole: distance, time and climb count every metre.</li>
        </ul>
      </header>
      {settings.isPending ? (
        <div className="flex justify-center py-12 text-brand">
          <Spinner size="lg" label="Loading your privacy settings" />
        </div>
      ) : settings.isError ? (
        <LoadError what="Your privacy settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <PrivacyForm settings={settings.data} />
      )}
    </div>
  );
}
