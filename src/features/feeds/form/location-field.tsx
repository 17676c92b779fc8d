import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FEED_LOCATION_MAX } from '#contract/feeds';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { FeedFormInput, FeedFormValues } from './feed-form-schema';
import { feedWords } from '../feed-words';

/** Six decimals is about 10 cm: more is noise from the device, fewer would move a trailhead. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Where the post happened: a place name typed freely, and coordinates from the browser's position on request. A
 * refused permission is a normal answer, said calmly, and the typed name still works.
 */
export function LocationField({ form }: { form: UseFormReturn<FeedFormInput, unknown, FeedFormValues> }) {
  const [latitude, longitude] = useWatch({ control: form.control, name: ['latitude', 'longitude'] });
  const [locating, setLocating] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const { errors } = form.formState;
  const hasCoordinates = latitude != null && longitude != null;

  const locate = () => {
    setNote(null);
    if (!('geolocation' in navigator)) {
      setNote(feedWords.locationUnavailable);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        form.setValue('latitude', round(position.coords.latitude), { shouldDirty: true, shouldValidate: true });
        form.setValue('longitude', round(position.coords.longitude), { shouldDirty: true, shouldValidate: true });
      },
      (error) => {
        setLocating(false);
        setNote(error.code === error.PERMISSION_DENIED ? feedWords.locationDenied : feedWords.locationUnavailable);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const clear = () => {
    form.setValue('latitude', null, { shouldDirty: true });
    form.setValue('longitude', null, { shouldDirty: true });
  };

  return (
    <div className="flex flex-col gap-2">
      <TextField
        label="Place"
        placeholder="Trailhead, park or town"
        maxLength={FEED_LOCATION_MAX}
        autoComplete="off"
        error={errors.location?.message}
        {...form.register('location')}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" busy={locating} onClick={locate}>
          Use my location
        </Button>
        {hasCoordinates && (
          <>
            <p className="text-sm tabular-nums text-muted">
              <span className="sr-only">Coordinates: </span>
              {latitude.toFixed(6)}, {longitude.toFixed(6)}
            </p>
            <Button variant="ghost" onClick={clear}>
              Clear coordinates
            </Button>
          </>
        )}
      </div>
      {(errors.latitude?.message ?? errors.longitude?.message) && (
        <p role="alert" className="text-sm text-danger">
          {errors.latitude?.message ?? errors.longitude?.message}
        </p>
      )}
      <p role="status" className="text-sm text-muted empty:hidden">
        {note}
      </p>
    </div>
  );
}
