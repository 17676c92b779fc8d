import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { Associate, PermissionId } from '#contract/associates';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { associateKeys } from '../api';
import {
  ASSOCIATE_FORM_FIELDS,
  DETAIL_FIELDS,
  associateFormSchema,
  defaultEntries,
  emptyAssociateForm,
  toAssociateFormValues,
  toSaveBody,
  type AssociateFormInput,
  type AssociateFormValues,
} from '../associate-form-schema';
import { useSaveAssociate } from '../associate-mutations';
import { DetailsStep } from './details-step';
import { PermissionsStep } from './permissions-step';

type Props = {
  /** The associate being edited; null adds a new one. */
  associate: Associate | null;
  onSaved(): void;
  /** Told whether anything would be lost by leaving, so the page can ask before it goes. */
  onDirtyChange(dirty: boolean): void;
};

/** Whether a form error or a server's field errors name a field of step 1. */
const namesDetail = (fields: Partial<Record<string, unknown>>) => DETAIL_FIELDS.some((f) => fields[f] !== undefined);

/**
 * The associate form, for adding and editing alike, in two steps. Step 1: the e-mail (a new associate only, checked as
 * it is typed: Next waits until it is free), names, date of birth, gender and photo. Step 2: the permissions by
 * category; a new associate starts with their age's defaults. Both steps stay mounted, so going back keeps everything
 * typed (and a photo uploading). A refused save puts the server's reasons under their fields, on the step they are on.
 */
export function AssociateForm({ associate, onSaved, onDirtyChange }: Props) {
  const isNew = associate === null;
  const resolver = useMemo(() => zodResolver(associateFormSchema(isNew)), [isNew]);
  const form = useForm<AssociateFormInput, unknown, AssociateFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: associate ? toAssociateFormValues(associate) : emptyAssociateForm(),
  });
  const { errors, isDirty } = form.formState;
  // The step shown, and whether it was moved to (then its heading takes the focus, so a screen reader hears where it
  // is; not when the page opens).
  const [{ step, moved }, setView] = useState<{ step: 1 | 2; moved: boolean }>({ step: 1, moved: false });
  // Whether the owner has chosen the permissions themselves; until then a new associate's follow their birth date.
  const [chosen, setChosen] = useState(!isNew);
  const [uploading, setUploading] = useState(false);
  const save = useSaveAssociate();
  const queryClient = useQueryClient();

  const dirty = isDirty || uploading;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const permissionsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moved) (step === 1 ? detailsHeading : permissionsHeading).current?.focus();
  }, [step, moved]);
  const goTo = (next: 1 | 2) => setView({ step: next, moved: true });

  const applyAgeDefaults = () => {
    form.setValue('permission', defaultEntries(form.getValues('dob')), { shouldDirty: true });
    setChosen(false);
  };

  const next = async () => {
    const fields = isNew ? DETAIL_FIELDS : DETAIL_FIELDS.filter((f) => f !== 'email');
    if (!(await form.trigger(fields, { shouldFocus: true }))) return;
    if (!chosen) applyAgeDefaults();
    goTo(2);
  };

  const togglePermission = (id: PermissionId) => {
    const list = form.getValues('permission') ?? [];
    form.setValue('permission', list.map((p) => (p.id === id ? { ...p, status: p.status === 1 ? 0 : 1 } : p)), { shouldDirty: true });
    setChosen(true);
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync(toSaveBody(values, associate?.associateId));
        toast.success(messages.associate.saved);
        form.reset(form.getValues());
        onSaved();
      } catch (error) {
        // What was typed stays; the server's word goes under its field (any other failure is the one toast).
        applyServerErrors(error, form.setError, ASSOCIATE_FORM_FIELDS);
        if (!(error instanceof ApiError)) return;
        // An account made with this e-mail between the check and the save: remember it, so Next waits again.
        if (isNew && error.status === 409 && error.errors.email) queryClient.setQueryData(associateKeys.email(values.email), false);
        if (namesDetail(error.errors)) goTo(1);
      }
    },
    (invalid: FieldErrors<AssociateFormInput>) => {
      if (namesDetail(invalid)) goTo(1);
    },
  );

  const onSubmit = (event: FormEvent) => {
    // Enter in a step 1 field means Next, never a save that skips the permissions.
    if (step === 1) {
      event.preventDefault();
      void next();
      return;
    }
    void submit(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={isNew ? 'New associate' : 'Edit associate'} className="flex flex-col gap-5">
      <DetailsStep hidden={step !== 1} headingRef={detailsHeading} form={form} associate={associate} onUploadingChange={setUploading} />
      <PermissionsStep
        hidden={step !== 2}
        headingRef={permissionsHeading}
        form={form}
        isNew={isNew}
        chosen={chosen}
        error={errors.permission?.message ?? errors.permission?.root?.message}
        saving={save.isPending}
        uploading={uploading}
        onToggle={togglePermission}
        onUseDefaults={applyAgeDefaults}
        onBack={() => goTo(1)}
      />
    </form>
  );
}
