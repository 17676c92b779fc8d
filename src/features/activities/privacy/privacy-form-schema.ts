import * as z from 'zod/mini';
import {
  HIDE_ENDS_MAX_M,
  PRIVACY_ZONES_MAX,
  ZONE_LABEL_MAX,
  ZONE_RADIUS_MAX_M,
  ZONE_RADIUS_MIN_M,
  type PrivacySettings,
  type PrivacySettingsInput,
} from '#contract/activities';
import { lngLat } from '#contract/map-routes';

/**
 * The privacy zones form: every zone as a row (saved ones with their id, new ones without) and the hidden ends, with
 * `privacySettingsInput`'s limits worded for a person. A saved zone's place and size are shown, never sent: only its
 * label may change (the contract says why).
 */
const zoneRow = z.object({
  /** The saved zone's; null for one added here and not saved yet. */
  id: z.nullable(z.int()),
  label: z.string().check(z.trim(), z.maxLength(ZONE_LABEL_MAX, `Keep the label to ${ZONE_LABEL_MAX} characters.`)),
  /** A saved zone's off-centre point; a new one's, the point picked. */
  centre: lngLat,
  radius: z.number().check(z.gte(ZONE_RADIUS_MIN_M), z.lte(ZONE_RADIUS_MAX_M)),
  /** What a saved zone hides around `centre`; null for a new one, whose offset the server draws on saving. */
  trimRadius: z.nullable(z.number()),
});

export const privacyForm = z.object({
  zones: z.array(zoneRow).check(z.maxLength(PRIVACY_ZONES_MAX, `Up to ${PRIVACY_ZONES_MAX} privacy zones.`)),
  hideEnds: z.number().check(z.gte(0), z.lte(HIDE_ENDS_MAX_M, `Hide at most ${HIDE_ENDS_MAX_M.toLocaleString('en')} m at each end.`)),
});
export type PrivacyFormInput = z.input<typeof privacyForm>;
export type PrivacyFormValues = z.output<typeof privacyForm>;
export type ZoneRow = PrivacyFormInput['zones'][number];

/** The settings as the server has them, as the form starts. */
export const toPrivacyForm = (settings: PrivacySettings): PrivacyFormInput => ({
  zones: settings.zones.map(({ id, label, centre, radius, trimRadius }) => ({ id, label, centre, radius, trimRadius })),
  hideEnds: settings.hideEnds,
});

/** The body of `PUT /api/privacy-zones`: the whole set, a kept zone by its id and label, a new one by place and size. */
export const toPrivacyInput = (values: PrivacyFormValues): PrivacySettingsInput => ({
  zones: values.zones.map(({ id, label, centre, radius }) => (id === null ? { label, centre, radius } : { id, label })),
  hideEnds: values.hideEnds,
});
