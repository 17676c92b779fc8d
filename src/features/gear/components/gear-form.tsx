import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { GEAR_BRAND_MAX, GEAR_IMAGES_MAX, GEAR_NOTES_MAX, GEAR_TITLE_MAX, type Gear, type GearOptionFieldWire } from '#contract/gear';
import { SPORTS } from '#contract/sports';
import { PhotoUploads } from '../../../components/photo-uploads';
import { DraftPublishBar } from '../../../components/draft-publish-bar';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { usePhotoUploads, type PhotoUploadSpec } from '../../../lib/use-photo-uploads';
import { gearOptionsQuery, uploadGearPhoto } from '../api';
import { emptyGearForm, GEAR_FORM_FIELDS, gearFormSchema, toGearFormValues, toGearInput, type GearFormInput, type GearFormValues } from '../gear-form-schema';
import { useSaveGear } from '../gear-mutations';
import { gearWords } from '../gear-words';
import { GearDetailInputs } from './gear-detail-inputs';

/** A piece's photos go through the image pipeline as `gear`. */
const GEAR_PHOTOS: PhotoUploadSpec = { upload: uploadGearPhoto, max: GEAR_IMAGES_MAX, tooMany: gearWords.tooManyPhotos };

type GearFields = readonly GearOptionFieldWire[];
const NO_FIELDS: GearFields = [];

/** The schema of the details on screen (the form's context), made when it validates. */
const gearResolver: Resolver<GearFormInput, GearFields, GearFormValues> = (values, fields, options) =>
  zodResolver(gearFormSchema(fields ?? NO_FIELDS))(values, fields, options);

type Props = {
  /** The piece being edited; null adds a new one (an `id` in the body is an edit). */
  gear: Gear | null;
  onSaved(saved: Gear): void;
  onCancel(): void;
  /** Told whether anything would be lost by leaving, so the page can ask before it goes. */
  onDirtyChange?(dirty: boolean): void;
};

/**
 * The gear form: the sport first, then that sport's details as the server describes them, the name, make, model and
 * year, up to ten photos, notes, "default for this sport", then save as a draft or publish.
 */
export function GearForm({ gear, onSaved, onCancel, onDirtyChange }: Props) {
  // The sport decides the details and so the schema: the form's context is the details on screen, which
  // react-hook-form takes afresh every render and hands the resolver.
  const [fields, setFields] = useState<GearFields>(NO_FIELDS);
  const form = useForm<GearFormInput, GearFields, GearFormValues>({
    resolver: gearResolver,
    context: fields,
    defaultValues: gear ? toGearFormValues(gear) : emptyGearForm(),
  });
  const { errors, isDirty } = form.formState;
  const sportId = Number(useWatch({ control: form.control, name: 'sportId' })) || null;
  const notes = useWatch({ control: form.control, name: 'notes' });
  const options = useQuery({ ...gearOptionsQuery(sportId ?? 0), enabled: sportId !== null });
  const shown = sportId === null ? NO_FIELDS : (options.data?.fields ?? NO_FIELDS);
  if (shown !== fields) setFields(shown);

  const photos = usePhotoUploads(GEAR_PHOTOS, gear?.images ?? [], (keys) =>
    form.setValue('images', keys, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  );
  const save = useSaveGear();
  const [pressed, setPressed] = useState<'draft' | 'publish' | null>(null);
  const defaultId = useId();
  const isPublished = gear !== null && !gear.isDraft;

  const dirty = isDirty || photos.isUploading;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const submit = (isDraft: boolean) =>
    form.handleSubmit(async (values) => {
      setPressed(isDraft ? 'draft' : 'publish');
      try {
        const { data } = await save.mutateAsync(toGearInput(values, fields, { id: gear?.id, isDraft }));
        toast.success(gear ? gearWords.saved : gearWords.created);
        form.reset(form.getValues());
        onSaved(data);
      } catch (error) {
        // What was typed stays; the server's word goes under its field (any other failure is the one toast).
        applyServerErrors(error, form.setError, GEAR_FORM_FIELDS);
      } finally {
        setPressed(null);
      }
    });

  const busy = save.isPending;
  const waitingForFields = sportId !== null && options.isPending;
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-5" aria-label={gear ? 'Edit gear' : 'New gear'}>
      <SelectField label="Sport" error={errors.sportId?.message} {...form.register('sportId')}>
        {/* A new piece has no sport until one is chosen: it decides the fields below. */}
        {gear === null && <option value="">Choose a sport</option>}
        {SPORTS.map((sport) => (
          <option key={sport.id} value={sport.id}>
            {sport.name}
          </option>
        ))}
      </SelectField>

      {sportId !== null && (
        <fieldset className="flex min-w-0 flex-col gap-3" aria-busy={waitingForFields}>
          <legend className="mb-2 text-sm font-semibold">Details</legend>
          {waitingForFields ? (
            <Spinner label="Loading the details of this sport" />
          ) : options.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
              <span>The details of this sport could not be loaded.</span>
              <Button variant="secondary" size="sm" onClick={() => void options.refetch()}>
                Try again
              </Button>
            </div>
          ) : fields.length === 0 ? (
            <p className="text-sm text-muted">This sport has no details to add.</p>
          ) : (
            <GearDetailInputs fields={fields} form={form} />
          )}
        </fieldset>
      )}

      <TextField label="Name" autoComplete="off" maxLength={GEAR_TITLE_MAX} hint="What you call it, e.g. “Blue Hightower”." error={errors.title?.message} {...form.register('title')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Brand" autoComplete="off" maxLength={GEAR_BRAND_MAX} error={errors.brand?.message} {...form.register('brand')} />
        <TextField label="Model" autoComplete="off" maxLength={GEAR_BRAND_MAX} error={errors.model?.message} {...form.register('model')} />
        <TextField label="Year" inputMode="numeric" autoComplete="off" maxLength={4} error={errors.year?.message} {...form.register('year')} />
      </div>
      <PhotoUploads photos={photos} error={errors.images?.message} />
      <TextArea
        label="Notes"
        rows={4}
        count={{ used: notes.length, max: GEAR_NOTES_MAX }}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <div className="flex items-start gap-3">
        <input id={defaultId} type="checkbox" aria-describedby={`${defaultId}-hint`} className="mt-0.5 size-5 shrink-0 accent-brand" {...form.register('isDefault')} />
        <div className="flex flex-col text-sm">
          <label htmlFor={defaultId} className="font-medium">
            Default for this sport
          </label>
          <span id={`${defaultId}-hint`} className="text-muted">
            New activities of this sport get it by themselves.
          </span>
        </div>
      </div>

      <DraftPublishBar pressed={pressed} busy={busy} uploading={photos.isUploading} waiting={waitingForFields} isPublished={isPublished} onCancel={onCancel} onDraft={submit(true)} onPublish={submit(false)} />
    </form>
  );
}
