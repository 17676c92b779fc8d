import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { Gender } from '#contract/rules';
import { GenderField } from '../../../components/ui/gender-field';
import { TextField } from '../../../components/ui/text-field';

type ProfileValues = { handleName: string; firstName: string; lastName: string; dob: string; gender?: Gender | null | undefined };

/** Handle, names, birth date and gender: asked at sign-up and when completing a Google sign-up. */
export function ProfileFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProfileValues>;
  errors: FieldErrors<ProfileValues>;
}) {
  return (
    <>
      <TextField
        label="Handle"
        autoComplete="username"
        hint="3-30 letters or digits. Friends find and @mention you by it."
        error={errors.handleName?.message}
        {...register('handleName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label="Date of birth" type="date" autoComplete="bday" error={errors.dob?.message} {...register('dob')} />
      <GenderField error={errors.gender?.message} {...register('gender')} />
    </>
  );
}
