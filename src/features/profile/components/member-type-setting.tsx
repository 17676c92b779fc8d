import { useState } from 'react';
import { USER_TYPES } from '#contract/user-types';
import type { OwnProfile } from '#contract/user';
import { toast } from '../../../lib/toast';
import { useSaveUserType } from '../../auth/api';
import { useSyncOwnProfile } from '../api';

/**
 * The member type chosen at sign-up ("You can change it later"), changed here and saved the moment it changes, as the
 * other settings are. While a change is on its way the choice shows it; a refused one falls back to the server's.
 */
export function MemberTypeSetting({ profile }: { profile: OwnProfile }) {
  const save = useSaveUserType();
  const sync = useSyncOwnProfile();
  const [saving, setSaving] = useState<string | null>(null);
  const current = saving ?? profile.userType;

  const choose = (userType: string) => {
    if (saving !== null || userType === current) return;
    setSaving(userType);
    save.mutate({ userType }, {
      onSuccess: ({ data }) => {
        sync(data);
        toast.success(`Member type saved: ${titleOf(data.userType)}.`);
      },
      onSettled: () => setSaving(null),
    });
  };

  return (
    <section aria-labelledby="member-type-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-6" aria-busy={save.isPending || undefined}>
      <div>
        <h2 id="member-type-title" className="text-lg font-bold">
          Member type
        </h2>
        <p className="text-sm text-muted">What brings you to Switchback. It shapes what we show you first.</p>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Member type</legend>
        {USER_TYPES.map((t) => (
          <label
            key={t.id}
            className="flex cursor-pointer gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-surface-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
          >
            {/* 24 px, WCAG 2.2's target size on its own: a smaller radio passes only by the space around it. */}
            <input type="radio" name="memberType" value={t.id} checked={current === t.id} onChange={() => choose(t.id)} className="size-6 shrink-0 accent-brand" />
            <span>
              <span className="block font-semibold">{t.title}</span>
              <span className="block text-sm text-muted">{t.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

const titleOf = (id: string | null) => USER_TYPES.find((t) => t.id === id)?.title ?? 'Member';
