import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { PRIVACY_ZONES_MAX, type PrivacySettings } from '#contract/activities';
import type { LngLat } from '#contract/map-routes';
import type { Place } from '#contract/places';
import { DiscardChangesDialog } from '../../../components/discard-changes-dialog';
import { useMapCentre } from '../../../components/map/map-crosshair';
import { PlaceSearch } from '../../../components/map/place-search';
import { Button } from '../../../components/ui/button';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useUnits } from '../../../lib/units';
import { useUnsavedChangesGuard } from '../../../lib/use-unsaved-changes-guard';
import { activityKeys, privacySettingsQuery, savePrivacySettings } from '../api';
import { AddZone, type NewZone } from './add-zone';
import { DistanceChips } from './distance-chips';
import { DEFAULT_RADIUS_M, hideEndsChoices } from './distance-choices';
import { privacyForm, toPrivacyForm, toPrivacyInput, type PrivacyFormInput, type PrivacyFormValues } from './privacy-form-schema';
import { circleRing } from './zone-circle';
import { ZoneList } from './zone-list';
import { ZoneMap } from './zone-map';

const emptyDraft = (): NewZone => ({ centre: null, radius: DEFAULT_RADIUS_M, label: '' });
// Six decimals is ~0.1 m, as the map gives points.
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The privacy zones and hidden ends, saved together in one `PUT` (the whole set). Leaving with changes unsaved, a
 * zone placed and not added among them, asks first.
 */
export function PrivacyForm({ settings }: { settings: PrivacySettings }) {
  const units = useUnits();
  const queryClient = useQueryClient();
  const form = useForm<PrivacyFormInput, unknown, PrivacyFormValues>({ resolver: zodResolver(privacyForm), defaultValues: toPrivacyForm(settings) });
  // The list is one array value, added to and taken from with setValue: useFieldArray would bring ~1.5 KB of
  // react-hook-form into the chunk every form shares, the sign-in page's among them (check P1).
  const watched = useWatch({ control: form.control, name: 'zones' });
  const setZones = (next: PrivacyFormInput['zones']) => form.setValue('zones', next, { shouldDirty: true });
  const [draft, setDraft] = useState<NewZone>(emptyDraft);
  const [aim, setAim] = useState<LngLat[] | undefined>();
  const view = useMapCentre();
  const full = watched.length >= PRIVACY_ZONES_MAX;

  const dirty = form.formState.isDirty || draft.centre !== null || draft.label !== '';
  const { question } = useUnsavedChangesGuard({ dirty });

  const save = useMutation({
    mutationFn: savePrivacySettings,
    onSuccess: ({ data, message }) => {
      queryClient.setQueryData(privacySettingsQuery().queryKey, data);
      // Every activity's hidden parts may have moved: what the owner is shown as hidden is stale.
      void queryClient.invalidateQueries({ queryKey: activityKeys.all, predicate: (query) => query.queryKey[1] !== 'privacy' });
      form.reset(toPrivacyForm(data));
      toast.success(message);
    },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(toPrivacyInput(values));
    } catch (error) {
      // Zone labels are named by their place in the list (`zones.0.label`).
      const fields = ['zones', 'hideEnds', ...watched.map((_, i) => `zones.${i}.label` as const)] as Path<PrivacyFormInput>[];
      applyServerErrors(error, form.setError, fields);
    }
  });

  const pickPlace = (place: Place) => {
    const centre: LngLat = [round6(place.lng), round6(place.lat)];
    setDraft((d) => ({ ...d, centre }));
    setAim(circleRing(centre, draft.radius));
  };

  const add = (zone: NewZone & { centre: LngLat }) => {
    setZones([...form.getValues('zones'), { id: null, label: zone.label.trim(), centre: zone.centre, radius: zone.radius, trimRadius: null }]);
    setDraft(emptyDraft());
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Privacy zones" className="flex flex-col gap-6">
        <section aria-labelledby="zones-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="zones-title" className="text-lg font-bold">
              Your zones
            </h2>
            <p className="text-sm text-muted">
              {watched.length} of {PRIVACY_ZONES_MAX}
            </p>
          </div>
          <p className="text-sm text-muted">
            Solid circles are your saved zones, drawn as large and as off-centre as they really are. Dashed ones are new and kept once you save.
          </p>
          {!full && <PlaceSearch label="Search an address or place" onPick={pickPlace} />}
          <ZoneMap
            zones={watched}
            draft={draft}
            aim={aim}
            onPick={full ? undefined : (centre) => setDraft((d) => ({ ...d, centre }))}
            onViewChange={view.onViewChange}
          />
          {full ? (
            <p role="status" className="rounded-lg bg-surface-2 p-3 text-sm">
              You have {PRIVACY_ZONES_MAX} zones, the most there can be. Remove one to add another.
            </p>
          ) : (
            <AddZone draft={draft} onChange={setDraft} mapCentre={view.centre} onAdd={add} />
          )}
          {form.formState.errors.zones?.message && (
            <p role="alert" className="text-sm text-danger">
              {form.formState.errors.zones.message}
            </p>
          )}
          <ZoneList form={form} zones={watched} onRemove={(index) => setZones(form.getValues('zones').filter((_, i) => i !== index))} />
          <p className="text-sm text-muted">To move a zone or change its size, remove it and add a new one.</p>
        </section>

        <section className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:p-6">
          <Controller
            control={form.control}
            name="hideEnds"
            render={({ field }) => (
              <DistanceChips
                legend="Hide the start and end of every activity"
                hint="For a start or finish that is not in a zone. Others see each activity begin this far in and end this far before its end."
                choices={hideEndsChoices(units, settings.hideEnds)}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          {form.formState.errors.hideEnds?.message && (
            <p role="alert" className="text-sm text-danger">
              {form.formState.errors.hideEnds.message}
            </p>
          )}
        </section>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
          {draft.centre && (
            <p className="text-sm text-muted sm:mr-auto">The point you placed joins your zones when you press Add zone.</p>
          )}
          <Button type="submit" busy={save.isPending}>
            Save privacy settings
          </Button>
        </div>
      </form>
      <DiscardChangesDialog question={question} />
    </>
  );
}
