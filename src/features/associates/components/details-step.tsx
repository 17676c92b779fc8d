import { Link } from '@tanstack/react-router';
import { useId, type Ref } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ASSOCIATE_MIN_AGE, INDEPENDENCE_AGE, type Associate } from '#contract/associates';
import { Button, buttonClass } from '../../../components/ui/button';
import { GenderField } from '../../../components/ui/gender-field';
import { TextField } from '../../../components/ui/text-field';
import { ImagePicker } from '../../profile/components/image-picker';
import { latestAssociateBirthDate, type AssociateFormInput, type AssociateFormValues } from '../associate-form-schema';
import { useEmailAvailability } from '../use-email-availability';
import { EmailField } from './email-field';

type Props = {
  hidden: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  form: UseFormReturn<AssociateFormInput, unknown, AssociateFormValues>;
  /** The associate being edited (their e-mail is shown, not asked), or null for a new one. */
  associate: Associate | null;
  onUploadingChange(uploading: boolean): void;
};

/**
 * Step 1 of the associate form: who they are. The photo goes through the profile's picker (crop, upload with
 * progress, the key into the form), so there is one way to upload a face.
 */
export function DetailsStep({ hidden, headingRef, form, associate, onUploadingChange }: Props) {
  const { errors } = form.formState;
  const blockedId = useId();
  const [email, firstName, lastName, profileImage] = useWatch({ control: form.control, name: ['email', 'firstName', 'lastName', 'profileImage'] });
  const isNew = associate === null;
  const availability = useEmailAvailability(email, isNew);
  // A new associate's e-mail must be known to be free (or the check unavailable: then the save decides).
  const blocked = isNew && availability !== 'available' && availability !== 'unchecked';
  const name = `${firstName} ${lastName}`.trim() || 'New associate';

  return (
    <section hidden={hidden} aria-labelledby={`${blockedId}-title`} className="flex flex-col gap-5">
      <h2 id={`${blockedId}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold">
        Step 1 of 2: Details
      </h2>
      {isNew ? (
        <EmailField availability={availability} error={errors.email?.message} {...form.register('email')} />
      ) : (
        <TextField label="E-mail" type="email" value={associate.email} readOnly hint="Their sign-in. It cannot be changed here." />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date of birth"
          type="date"
          min="1900-01-01"
          max={latestAssociateBirthDate()}
          hint={`At least ${ASSOCIATE_MIN_AGE}. Under ${INDEPENDENCE_AGE}, safe permissions are chosen for them.`}
          error={errors.dob?.message}
          {...form.register('dob')}
        />
        <GenderField error={errors.gender?.message} {...form.register('gender')} />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium">
          Photo <span className="font-normal text-muted">(optional)</span>
        </h3>
        <ImagePicker
          target="profile"
          currentUrl={associate?.profileImage ?? null}
          value={profileImage}
          onChange={(key) => form.setValue('profileImage', key, { shouldDirty: true })}
          onBusyChange={onUploadingChange}
          name={name}
          error={errors.profileImage?.message}
        />
      </div>
      <div className="flex flex-col items-stretch gap-2 sm:items-end">
        <div className="flex flex-wrap justify-end gap-3">
          <Link to="/profile/associate" className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={blocked} aria-describedby={blocked ? blockedId : undefined}>
            Next: permissions
          </Button>
        </div>
        {blocked && (
          <p id={blockedId} className="text-right text-sm text-muted">
            Next opens once the e-mail is checked and free.
          </p>
        )}
      </div>
    </section>
  );
}
