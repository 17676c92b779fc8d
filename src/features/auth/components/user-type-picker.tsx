import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_TYPES } from '#contract/user-types';
import { Button } from '../../../components/ui/button';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { SportChips } from '../../profile/components/sport-chips';
import { useSaveUserType } from '../api';
import { useSession, useSessionActions } from '../session-context';
import { AuthCard } from './auth-card';

/**
 * Sign-up's last step: what brings the new member here (spec §6 user-type) and which sports they do, which the landing
 * page promises the app follows. Both can be changed later in Edit profile.
 */
export function UserTypePicker() {
  const { user } = useSession();
  const { setUser } = useSessionActions();
  const [choice, setChoice] = useState<string | null>(user?.userType ?? null);
  const [sports, setSports] = useState<number[]>(() => [...(user?.sports ?? [])]);
  const save = useSaveUserType();
  const navigate = useNavigate();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!choice) return;
    // No sport ticked leaves the member's sports as they are.
    const { data } = await save.mutateAsync({ userType: choice, ...(sports.length > 0 && { sports }) }).catch(() => ({ data: null }));
    if (!data) return;
    setUser(data);
    toast.success(messages.user.userTypeSaved);
    await navigate({ to: '/auth/sign-up-success' });
  };

  return (
    <AuthCard title="What brings you to Switchback?" subtitle="This shapes what we show you first. You can change it later.">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Member type</legend>
          {USER_TYPES.map((t) => (
            <label
              key={t.id}
              className="flex cursor-pointer gap-3 rounded-xl border border-line p-4 has-[:checked]:border-brand has-[:checked]:bg-surface-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus"
            >
              <input
                type="radio"
                name="userType"
                value={t.id}
                checked={choice === t.id}
                onChange={() => setChoice(t.id)}
                className="mt-1 size-4 accent-brand"
              />
              <span>
                <span className="block font-semibold">{t.title}</span>
                <span className="block text-sm text-muted">{t.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <SportChips value={sports} onChange={setSports} />
        <Button type="submit" busy={save.isPending} disabled={!choice}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
