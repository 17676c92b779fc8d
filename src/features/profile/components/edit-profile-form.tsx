import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldError, type Merge } from 'react-hook-form';
import { BIO_MAX, updateProfileBody } from '#contract/profile';
import { MIN_AGE_YEARS } from '#contract/rules';
import type { OwnProfile } from '#contract/user';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { Button, buttonClass } from '../../../components/ui/button';
import { GenderField } from '../../../components/ui/gender-field';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { messages } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { profileKeys, useUpdateProfile } from '../api';
import { PROFILE_FORM_FIELDS, toFormValues, toUpdateBody, type ProfileFormInput, type ProfileFormValues } from '../mappers';
import { HandleField } from './handle-field';
import { ImagePicker } from './image-picker';
import { SportChips } from './sport-chips';

const discardProfileWords = { title: 'Discard changes?', description: 'Your changes to your profile will be lost.' };

/** The latest birth date a member may have today: the date input's upper bound (the rule itself is the contract's). */
function latestBirthDate(today = new Date()) {
  const d = new Date(Date.UTC(today.getUTCFullYear() - MIN_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/** An array field's message, whether it is about the list or one of its items. */
function firstMessage(error: Merge<FieldError, (FieldError | undefined)[]> | undefined): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const item of Object.values(error) as unknown[]) {
    const message = (item as { message?: unknown } | null)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

/**
 * `/profile/edit`'s main form: images, handle, names, bio, gender, birth date, sports, location. Validated with the
 * contract's own schema; a refused save keeps everything typed and shows the server's reasons under the fields.
 */
export function EditProfileForm({ profile }: { profile: OwnProfile }) {
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(updateProfileBody),
    defaultValues: toFormValues(profile),
  });
  const { errors } = form.formState;
  const save = useUpdateProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Which pickers are uploading; the save waits for both keys to be in the form.
  const [busyPickers, setBusyPickers] = useState<Partial<Record<'profile' | 'cover', boolean>>>({});
  const uploading = Boolean(busyPickers.profile || busyPickers.cover);
  const [handle, bio, profileImage, profileCoverImage] = useWatch({
    control: form.control,
    name: ['handleName', 'bio', 'profileImage', 'profileCoverImage'],
  });
  const name = `${profile.firstName} ${profile.lastName}`;
  // A photo still uploading is work too: it was picked and cropped.
  const { question } = useUnsavedChangesGuard({ dirty: form.formState.isDirty || uploading, words: discardProfileWords });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toUpdateBody(values));
      toast.success(messages.user.profileUpdated);
      // Saved: nothing is lost by leaving, so the guard is not asked.
      await navigate({ to: '/profile', ignoreBlocker: true });
    } catch (error) {
      applyServerErrors(error, form.setError, PROFILE_FORM_FIELDS);
      if (error instanceof ApiError && error.status === 409) {
        // A handle taken between the check and the save: say so beside it, and remember it.
        if (!error.errors.handleName) form.setError('handleName', { type: 'server', message: error.message });
        queryClient.setQueryData(profileKeys.handle(values.handleName), false);
        form.setFocus('handleName');
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-labelledby="edit-profile-title">
      <section aria-labelledby="photos-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <h2 id="photos-title" className="text-lg font-bold">
          Photos
        </h2>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">Profile photo</h3>
          <ImagePicker
            target="profile"
            currentUrl={profile.profileImage}
            value={profileImage}
            onChange={(key) => form.setValue('profileImage', key, { shouldDirty: true })}
            onBusyChange={(busy) => setBusyPickers((b) => ({ ...b, profile: busy }))}
            name={name}
            error={errors.profileImage?.message}
          />
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">Cover image</h3>
          <ImagePicker
            target="cover"
            currentUrl={profile.profileCoverImage}
            value={profileCoverImage}
            onChange={(key) => form.setValue('profileCoverImage', key, { shouldDirty: true })}
            onBusyChange={(busy) => setBusyPickers((b) => ({ ...b, cover: busy }))}
            name={name}
            error={errors.profileCoverImage?.message}
          />
        </div>
      </section>

      <section aria-labelledby="about-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <h2 id="about-title" className="text-lg font-bold">
          About you
        </h2>
        <HandleField value={handle ?? ''} current={profile.handleName} error={errors.handleName?.message} {...form.register('handleName')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
        </div>
        <TextArea
          label="Bio"
          rows={4}
          hint="A line or two about you and how you get outside."
          count={{ used: (bio ?? '').length, max: BIO_MAX }}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <GenderField error={errors.gender?.message} {...form.register('gender')} />
          <TextField
            label="Date of birth"
            type="date"
            autoComplete="bday"
            max={latestBirthDate()}
            min="1900-01-01"
            hint={`You must be at least ${MIN_AGE_YEARS}.`}
            error={errors.dob?.message}
            {...form.register('dob')}
          />
        </div>
        <Controller
          control={form.control}
          name="sports"
          render={({ field }) => <SportChips value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={firstMessage(errors.sports)} />}
        />
        <TextField
          label="Location"
          autoComplete="address-level2"
          hint="Your town or region, e.g. Boulder, Colorado."
          error={errors.location?.message}
          {...form.register('location')}
        />
      </section>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {uploading && <p className="mr-auto text-sm text-muted">Wait for the upload to finish before saving.</p>}
        <Link to="/profile" className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" busy={save.isPending} disabled={uploading}>
          Save profile
        </Button>
      </div>
      <DiscardChangesDialog question={question} />
    </form>
  );
}
