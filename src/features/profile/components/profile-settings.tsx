import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { UNITS, type OwnProfile } from '#contract/user';
import { buttonClass } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { UNIT_LABELS, type Units } from '../../../lib/units';
import { useCan, useManagerName } from '../../auth/use-can';
import { useProfileSetting } from '../api';

const UNIT_NAMES: Record<Units, string> = { imperial: 'Imperial', metric: 'Metric' };

/**
 * Privacy and units, each saved the moment it changes (`POST /api/profileSetting`), and the ways to the privacy zones
 * of activities and to the associates the member manages, which have pages of their own. While a change is on its way
 * the control shows it; a refused change falls back to what the server has (the failure toast is raised centrally).
 */
export function ProfileSettings({ profile }: { profile: OwnProfile }) {
  const privacy = useProfileSetting();
  const units = useProfileSetting();
  // The choice being saved, held in the component so the control shows it from the very click (the mutation's own
  // state arrives a tick later, after React has put a controlled input back).
  const [savingPrivate, setSavingPrivate] = useState<boolean | null>(null);
  const [savingUnits, setSavingUnits] = useState<Units | null>(null);
  const isPrivate = savingPrivate ?? profile.isPrivate;
  const currentUnits = savingUnits ?? profile.units;
  // An associate's owner decides whether the profile may be public (issue 25): turning private on stays theirs.
  const mayGoPublic = useCan('public_profile');
  const manager = useManagerName();
  const lockedPrivate = isPrivate && !mayGoPublic;

  const togglePrivate = () => {
    if (savingPrivate !== null) return;
    setSavingPrivate(!isPrivate);
    privacy.mutate(
      { isPrivate: !isPrivate },
      {
        onSuccess: ({ data }) => toast.success(data.isPrivate ? messages.user.profilePrivate : messages.user.profilePublic),
        onSettled: () => setSavingPrivate(null),
      },
    );
  };
  const chooseUnits = (next: Units) => {
    if (savingUnits !== null || next === currentUnits) return;
    setSavingUnits(next);
    units.mutate(
      { units: next },
      {
        onSuccess: ({ data }) => toast.success(data.units === 'metric' ? messages.user.unitsMetric : messages.user.unitsImperial),
        onSettled: () => setSavingUnits(null),
      },
    );
  };

  return (
    <section aria-labelledby="settings-title" className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div>
        <h2 id="settings-title" className="text-lg font-bold">
          Settings
        </h2>
        <p className="text-sm text-muted">Saved as soon as you change them.</p>
      </div>

      <div className="flex items-start justify-between gap-4">
        <div>
          <p id="private-label" className="font-medium">
            Private profile
          </p>
          <p id="private-hint" className="text-sm text-muted">
            {lockedPrivate ? `Your profile stays private: ${manager} manages this.` : 'New followers need your approval, and only followers see your posts.'}
          </p>
        </div>
        <Switch
          on={isPrivate}
          onToggle={togglePrivate}
          disabled={lockedPrivate}
          aria-labelledby="private-label"
          aria-describedby="private-hint"
          aria-busy={privacy.isPending || undefined}
          className="mt-1 disabled:cursor-not-allowed disabled:opacity-60"
        />
      </div>

      <fieldset className="flex flex-col gap-2" aria-busy={units.isPending || undefined}>
        <legend className="font-medium">Units</legend>
        <p className="text-sm text-muted">Every distance, climb, speed and goal in Switchback shows in these.</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {UNITS.map((u) => (
            <label key={u} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="units"
                value={u}
                checked={currentUnits === u}
                onChange={() => chooseUnits(u)}
                className="size-4 accent-brand"
              />
              <span>
                {UNIT_NAMES[u]}{' '}
                <span className="text-sm text-muted">
                  ({UNIT_LABELS[u].distance}, {UNIT_LABELS[u].elevation}, {UNIT_LABELS[u].speed})
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div>
          <p className="font-medium">Privacy zones</p>
          <p className="text-sm text-muted">Keep your home, work or any place off the maps of your activities.</p>
        </div>
        <Link to="/profile/privacy-zones" className={buttonClass('secondary', 'shrink-0 self-start')}>
          Manage privacy zones
        </Link>
      </div>

      {/* An associate's account is managed by someone else: it manages no associates of its own. */}
      {!profile.managedBy && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
          <div>
            <p className="font-medium">Associates</p>
            <p className="text-sm text-muted">Accounts you create and look after for your children or the riders you coach, and what each may do.</p>
          </div>
          <Link to="/profile/associate" className={buttonClass('secondary', 'shrink-0 self-start')}>
            Manage associates
          </Link>
        </div>
      )}
    </section>
  );
}
