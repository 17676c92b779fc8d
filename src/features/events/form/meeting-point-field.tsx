import { useEffect, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { EVENT_PLACE_MAX } from '#contract/events';
import { POSTCODE_MAX } from '#contract/postcode-format';
import type { LngLat, LocationInfo } from '#contract/map-routes';
import type { Place } from '#contract/places';
import { MapCrosshair, useMapCentre } from '../../../components/map/map-crosshair';
import { startView, useMapStart } from '../../../components/map/map-start';
import { MapView } from '../../../components/map/map-view';
import { PlaceSearch } from '../../../components/map/place-search';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { reverseGeocode } from '../api';
import type { EventFormInput, EventFormValues } from './event-form-schema';
import { useMapStartInput } from './map-start-input';

type Form = UseFormReturn<EventFormInput, unknown, EventFormValues>;

/** Six decimals is about 10 cm: more is noise, fewer would move a trailhead. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

const ADDRESS_FIELDS = [
  ['city', 'city'],
  ['state', 'state'],
  ['country', 'country'],
  ['zipCode', 'zipcode'],
] as const satisfies readonly (readonly [keyof EventFormInput, keyof LocationInfo])[];

/**
 * Where people meet: a point clicked on the map (the pin can be dragged), and the place in words. Picking a point
 * asks the geocoder for the city, state, country and zip code and fills the ones it knows; without a geocoder (or
 * when it knows nothing there) the member types them.
 */
export function MeetingPointField({ form }: { form: Form }) {
  const { errors } = form.formState;
  const [latitude, longitude] = useWatch({ control: form.control, name: ['latitude', 'longitude'] });
  const [lookup, setLookup] = useState<'idle' | 'busy' | 'filled' | 'none'>('idle');
  const pending = useRef<AbortController | null>(null);
  const point: LngLat | null = latitude !== null && longitude !== null ? [longitude, latitude] : null;
  // The first view: the point already chosen (editing), else where the member is (map-start.ts).
  const [initialCenter] = useState(point);
  const start = useMapStart(useMapStartInput(), initialCenter === null);
  const firstView = initialCenter ? { center: initialCenter, zoom: 13 } : start ? startView(start) : null;
  // A place chosen in the search: the map goes there (MapView fits again when this changes).
  const [aim, setAim] = useState<LngLat[] | undefined>();
  const view = useMapCentre();

  useEffect(() => () => pending.current?.abort(), []);

  const pick = (p: LngLat) => {
    const lng = round(p[0]);
    const lat = round(p[1]);
    // A click on the pin itself: the point is where it was, and so is its address.
    if (point && point[0] === lng && point[1] === lat) return;
    form.setValue('latitude', lat, { shouldDirty: true });
    form.setValue('longitude', lng, { shouldDirty: true });
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLookup('busy');
    reverseGeocode(lat, lng, controller.signal)
      .then((info) => {
        if (controller.signal.aborted) return;
        let filled = false;
        for (const [field, key] of ADDRESS_FIELDS) {
          const value = info[key];
          if (value) {
            form.setValue(field, field === 'zipCode' ? value.slice(0, POSTCODE_MAX) : value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
            filled = true;
          }
        }
        const place = info.address ?? info.locality;
        // A place name typed already is the member's; only an empty one is filled.
        if (place && form.getValues('location').trim() === '') form.setValue('location', place.slice(0, EVENT_PLACE_MAX), { shouldDirty: true });
        setLookup(filled ? 'filled' : 'none');
      })
      // A geocoder that fails costs only the prefill (spec §8): the member types the place.
      .catch(() => !controller.signal.aborted && setLookup('none'));
  };

  const pickPlace = (place: Place) => {
    // The town's own names fill what is still empty; a geocoder, when there is one, may tell more about the point.
    const known = [
      ['city', place.name],
      ['state', place.region],
      ['country', place.country],
    ] as const;
    for (const [field, value] of known) if (value && form.getValues(field).trim() === '') form.setValue(field, value, { shouldDirty: true });
    const p: LngLat = [round(place.lng), round(place.lat)];
    pick(p);
    setAim([p]);
  };

  const pinAtCentre = () => {
    const centre = view.centre();
    if (centre) pick(centre);
  };

  const clear = () => {
    pending.current?.abort();
    setLookup('idle');
    form.setValue('latitude', null, { shouldDirty: true });
    form.setValue('longitude', null, { shouldDirty: true });
  };

  const status =
    lookup === 'busy'
      ? 'Looking up the place…'
      : lookup === 'filled'
        ? 'Filled in from the map. Check and correct anything that is off.'
        : lookup === 'none'
          ? 'No address found for this point: type the city, state, country and zip code.'
          : '';

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">Meeting point</legend>
      <p className="text-sm text-muted">Click the map where people meet (drag the pin to adjust; with a keyboard, move the map and pin at the centre), or just type the place.</p>
      <PlaceSearch label="Find a place" onPick={pickPlace} />
      {/* MapView loads the map engine itself, on first use (check P1). */}
      {firstView ? (
        <MapView
          ariaLabel="Map: click to set the meeting point"
          className="h-72 w-full rounded-xl border border-line"
          {...firstView}
          {...(aim ? { fitTo: aim } : {})}
          markers={point ? [{ id: 'meeting', position: point, label: 'Meeting point', kind: 'meeting', draggable: true, onDragEnd: pick }] : []}
          onMapClick={pick}
          onViewChange={view.onViewChange}
        >
          <MapCrosshair />
        </MapView>
      ) : (
        <div role="status" className="flex h-72 w-full items-center justify-center rounded-xl border border-line bg-surface-2 text-sm text-muted">
          Finding where you are…
        </div>
      )}
      <div className="flex min-h-11 flex-wrap items-center gap-2">
        {/* The keyboard's way to pin: move the map with the arrow keys, then pin at the crosshair. */}
        <Button variant="secondary" onClick={pinAtCentre}>
          Pin at centre
        </Button>
        {point && (
          <Button variant="ghost" onClick={clear}>
            Remove pin
          </Button>
        )}
        {/* After the buttons, so on a phone the two stay on one row and this line wraps under them. */}
        {point ? (
          <p className="text-sm tabular-nums text-muted">
            <span className="sr-only">Meeting point coordinates: </span>
            {point[1].toFixed(5)}, {point[0].toFixed(5)}
          </p>
        ) : (
          <p className="text-sm text-muted">No pin on the map yet.</p>
        )}
      </div>
      <p role="status" className="text-sm text-muted empty:hidden">
        {status}
      </p>
      <TextField
        label="Place name"
        placeholder="Trailhead, car park, café…"
        maxLength={EVENT_PLACE_MAX}
        autoComplete="off"
        error={errors.location?.message}
        {...form.register('location')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
        <TextField label="State or region" autoComplete="address-level1" error={errors.state?.message} {...form.register('state')} />
        <TextField label="Country" autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
        <TextField
          label="Zip code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          hint="Up to 6 digits."
          error={errors.zipCode?.message}
          {...form.register('zipCode')}
        />
      </div>
      {(errors.latitude?.message ?? errors.longitude?.message) && (
        <p role="alert" className="text-sm text-danger">
          {errors.latitude?.message ?? errors.longitude?.message}
        </p>
      )}
    </fieldset>
  );
}
