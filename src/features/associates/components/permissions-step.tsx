import { useId, type Ref } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { PermissionId } from '#contract/associates';
import { Button } from '../../../components/ui/button';
import { isUnderIndependenceAge, type AssociateFormInput, type AssociateFormValues } from '../associate-form-schema';
import { associateWords } from '../associate-words';
import { PermissionSwitches } from './permission-switches';

type Props = {
  hidden: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  form: UseFormReturn<AssociateFormInput, unknown, AssociateFormValues>;
  isNew: boolean;
  /** Whether the owner has chosen these (false: the defaults for their age). */
  chosen: boolean;
  error: string | undefined;
  saving: boolean;
  /** A photo is still on its way: the save waits for its key. */
  uploading: boolean;
  onToggle(id: PermissionId): void;
  onUseDefaults(): void;
  onBack(): void;
};

/**
 * Step 2 of the associate form: what they may do, by category. A new associate under 16 starts with the safe defaults
 * (said so above the switches, and under each permission held back); the owner may change any of them.
 */
export function PermissionsStep({ headingRef, form, ...p }: Props) {
  const titleId = useId();
  const [firstName, dob, permission] = useWatch({ control: form.control, name: ['firstName', 'dob', 'permission'] });
  const young = p.isNew && isUnderIndependenceAge(dob);
  const granted = new Set((permission ?? []).filter((e) => e.status === 1).map((e) => e.id));
  const who = firstName.trim() || 'they';

  return (
    <section hidden={p.hidden} aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-lg font-bold">
          Step 2 of 2: Permissions
        </h2>
        <p className="text-sm text-muted">What {who} may do on Switchback. You can change these at any time from the list.</p>
      </div>
      {young && !p.chosen && (
        <div className="rounded-xl border border-line bg-surface-2 p-3 text-sm">
          <p className="font-semibold">{associateWords.safeDefaults}</p>
          <p className="text-muted">{associateWords.safeDefaultsHint}</p>
        </div>
      )}
      {p.isNew && p.chosen && (
        <Button variant="ghost" size="sm" className="self-start" onClick={p.onUseDefaults}>
          Use the defaults for their age
        </Button>
      )}
      {p.error && (
        <p role="alert" className="text-sm text-danger">
          {p.error}
        </p>
      )}
      <PermissionSwitches
        headingLevel={3}
        isOn={(id) => granted.has(id)}
        onToggle={p.onToggle}
        note={young ? (permission) => (permission.under16 ? undefined : associateWords.offUnder16) : undefined}
      />
      <div className="flex flex-col items-stretch gap-2 sm:items-end">
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={p.onBack} disabled={p.saving}>
            Back
          </Button>
          <Button type="submit" busy={p.saving} disabled={p.uploading}>
            {p.isNew ? 'Add associate' : 'Save changes'}
          </Button>
        </div>
        {p.uploading && <p className="text-right text-sm text-muted">Wait for the photo to finish uploading before saving.</p>}
      </div>
    </section>
  );
}
