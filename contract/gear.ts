import * as z from 'zod/mini';
import { activitySportId, activitySportIdParam } from './activities';
import { pagedList } from './envelope';
import { feedImage } from './feeds';
import { rowId, rowIdParam } from './ids';
import { pagingQuery } from './paging';
import { memberSummary } from './social';
import { SPORTS, type SportId } from './sports';

/**
 * Gear (issue 24; spec §3 Equipment, §7 `api/sport`, `api/sportEquipmentOptions`, `/api/getUserProfileSportEquipment`,
 * `/api/userSaveEquipment`, `/api/deleteEquipment`): a member's bikes, e-bikes, shoes and kit, each of one sport,
 * with the details that sport's options name, photos, a draft state, a default per sport (an activity of that sport
 * gets it by itself) and totals from the activities that used it. Lengths on the wire are metres and seconds, as for
 * activities; the screen converts to the member's units.
 */

export const GEAR_TITLE_MAX = 80;
export const GEAR_BRAND_MAX = 60;
export const GEAR_NOTES_MAX = 2000;
export const GEAR_TEXT_FIELD_MAX = 500;
export const GEAR_IMAGES_MAX = 10;
export const GEAR_YEAR_MIN = 1950;
/** Next year's models are sold from the summer before. */
export const gearYearMax = (now = new Date()) => now.getUTCFullYear() + 1;
/** How many pieces one member may keep (a shop's worth; the list pages by 50). */
export const GEAR_PER_MEMBER_MAX = 200;
export const GEAR_PAGE_SIZE = 50;

/** The sport-specific details a piece of gear may have (spec §3 names the first five). */
export const GEAR_DETAIL_KEYS = ['wheelsize', 'framesize', 'frontTravel', 'rearTravel', 'buildKit', 'motor', 'batteryWh', 'category', 'size'] as const;
export type GearDetailKey = (typeof GEAR_DETAIL_KEYS)[number];

/** One field of a sport's gear form: a list to choose from, a whole number in a unit, or free text. */
export type GearOptionField =
  | { key: GearDetailKey; label: string; type: 'select'; choices: string[] }
  | { key: GearDetailKey; label: string; type: 'number'; unit: string; min: number; max: number }
  | { key: GearDetailKey; label: string; type: 'text'; maxLength: number; placeholder: string };

const MTB_WHEELS = ['26"', '27.5"', '29"', 'Mixed (29" front, 27.5" rear)'];
const FRAME_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const travel = (key: 'frontTravel' | 'rearTravel', label: string): GearOptionField => ({ key, label, type: 'number', unit: 'mm', min: 0, max: 300 });
const buildKit: GearOptionField = { key: 'buildKit', label: 'Build kit', type: 'text', maxLength: GEAR_TEXT_FIELD_MAX, placeholder: 'Groupset, brakes, wheels, dropper…' };
const shoeSize: GearOptionField = { key: 'size', label: 'Size', type: 'text', maxLength: 20, placeholder: 'EU 43, US 9.5…' };

/**
 * The fields each sport's gear has (`GET /api/sportEquipmentOptions`), in the order the form shows them. The server
 * answers them, so the web and mobile forms are the same; a value for a field its sport does not have is refused.
 */
export const GEAR_OPTIONS: Record<SportId, readonly GearOptionField[]> = {
  53: [
    { key: 'wheelsize', label: 'Wheel size', type: 'select', choices: MTB_WHEELS },
    { key: 'framesize', label: 'Frame size', type: 'select', choices: FRAME_SIZES },
    travel('frontTravel', 'Front travel'),
    travel('rearTravel', 'Rear travel'),
    buildKit,
  ],
  37: [
    { key: 'wheelsize', label: 'Wheel size', type: 'select', choices: [...MTB_WHEELS, '700c', '650b', '20"'] },
    { key: 'framesize', label: 'Frame size', type: 'select', choices: FRAME_SIZES },
    { key: 'motor', label: 'Motor', type: 'text', maxLength: 80, placeholder: 'Shimano EP8, Bosch Performance CX…' },
    { key: 'batteryWh', label: 'Battery', type: 'number', unit: 'Wh', min: 100, max: 2000 },
    travel('frontTravel', 'Front travel'),
    travel('rearTravel', 'Rear travel'),
    buildKit,
  ],
  34: [
    { key: 'wheelsize', label: 'Wheel size', type: 'select', choices: ['700c', '650b'] },
    { key: 'framesize', label: 'Frame size', type: 'select', choices: [...FRAME_SIZES, '47 cm', '49 cm', '52 cm', '54 cm', '56 cm', '58 cm', '60 cm', '62 cm'] },
    buildKit,
  ],
  35: [{ key: 'category', label: 'Kind', type: 'select', choices: ['Boots', 'Shoes', 'Poles', 'Pack', 'Other'] }, shoeSize],
  5: [{ key: 'category', label: 'Kind', type: 'select', choices: ['Road shoes', 'Trail shoes', 'Track spikes', 'Watch', 'Other'] }, shoeSize],
  54: [{ key: 'category', label: 'Kind', type: 'select', choices: ['Shoes', 'Boots', 'Poles', 'Other'] }, shoeSize],
  59: [],
};

/** A sport's gear fields; a sport this server does not know has none. */
export const gearOptionsOf = (sportId: number): readonly GearOptionField[] => GEAR_OPTIONS[sportId as SportId] ?? [];

/** `GET /api/sport`: the sport types (spec §3), in the order pickers show them. */
export const sportTypes = z.array(z.strictObject({ id: z.int(), name: z.string() }));
export const SPORT_TYPES = SPORTS.map((s) => ({ id: s.id, name: s.name }));

const optionField = z.strictObject({
  key: z.enum(GEAR_DETAIL_KEYS),
  label: z.string(),
  type: z.enum(['select', 'number', 'text']),
  /** `select`: the values to choose from. */
  choices: z.optional(z.array(z.string())),
  /** `number`: its unit and range. */
  unit: z.optional(z.string()),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  /** `text`: the longest value, and an example. */
  maxLength: z.optional(z.int()),
  placeholder: z.optional(z.string()),
});
export type GearOptionFieldWire = z.infer<typeof optionField>;

/** `GET /api/sportEquipmentOptions?sportId=`. */
export const sportEquipmentOptionsQuery = z.strictObject({ sportId: activitySportIdParam });
export const sportEquipmentOptions = z.strictObject({ sportId: z.int(), fields: z.array(optionField) });
export type SportEquipmentOptions = z.infer<typeof sportEquipmentOptions>;

/** What the activities that used a piece added up to (the whole activity, as the owner logged it). */
export const gearTotals = z.strictObject({
  /** Metres. */
  distance: z.number(),
  /** Seconds. */
  movingTime: z.number(),
  /** Metres climbed. */
  climb: z.number(),
  activities: z.int().check(z.minimum(0)),
});
export type GearTotals = z.infer<typeof gearTotals>;

const details = {
  wheelsize: z.nullable(z.string()),
  framesize: z.nullable(z.string()),
  /** Millimetres. */
  frontTravel: z.nullable(z.int()),
  rearTravel: z.nullable(z.int()),
  buildKit: z.nullable(z.string()),
  motor: z.nullable(z.string()),
  /** Watt-hours. */
  batteryWh: z.nullable(z.int()),
  category: z.nullable(z.string()),
  size: z.nullable(z.string()),
};

/** A piece of gear as lists and its page show it (spec §3 Equipment). */
export const gear = z.strictObject({
  id: z.int(),
  owner: memberSummary,
  sportId: z.int(),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.nullable(z.int()),
  notes: z.string(),
  isDraft: z.boolean(),
  /** The owner's default for its sport: a new activity of that sport gets it. */
  isDefault: z.boolean(),
  /** ISO 8601 UTC when the owner retired it (kept with its totals, out of the pickers); null while in use. */
  retiredAt: z.nullable(z.string()),
  images: z.array(feedImage),
  ...details,
  totals: gearTotals,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gear = z.infer<typeof gear>;

/** One activity a piece was used on, as the viewer may see it. */
export const gearActivity = z.strictObject({
  id: z.int(),
  title: z.string(),
  sportId: z.int(),
  startAt: z.string(),
  distance: z.number(),
  movingTime: z.number(),
  climb: z.nullable(z.number()),
});
export type GearActivity = z.infer<typeof gearActivity>;

/**
 * Components (issue 24: chain, cassette, tyres, brake pads, fork, shock, dropper, battery…): parts of a piece with
 * their own wear, counted from the activities of the pieces they were fitted to while fitted, and a service interval
 * by distance and/or hours (suspension by hours, a chain by distance). Moved to another piece, a component keeps what
 * it has done.
 */
export const COMPONENT_KINDS = ['chain', 'cassette', 'chainring', 'tyre', 'brake_pads', 'fork', 'shock', 'dropper', 'wheelset', 'battery', 'shoes', 'other'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];
export const COMPONENT_KIND_NAMES: Record<ComponentKind, string> = {
  chain: 'Chain',
  cassette: 'Cassette',
  chainring: 'Chainring',
  tyre: 'Tyre',
  brake_pads: 'Brake pads',
  fork: 'Fork',
  shock: 'Shock',
  dropper: 'Dropper post',
  wheelset: 'Wheelset',
  battery: 'Battery',
  shoes: 'Shoes',
  other: 'Other',
};
export const COMPONENT_NAME_MAX = 80;
export const COMPONENT_INTERVAL_KM_MAX = 100_000;
export const COMPONENT_INTERVAL_HOURS_MAX = 10_000;
export const SERVICE_WHAT_MAX = 120;
export const SERVICE_NOTE_MAX = 1000;
export const COMPONENTS_PER_GEAR_MAX = 30;

/** One service of a component, as its log shows it. */
export const componentService = z.strictObject({ id: z.int(), servicedAt: z.string(), what: z.string(), note: z.string() });
export type ComponentService = z.infer<typeof componentService>;

/** How far and how long: metres, moving seconds and the activities counted. */
const usage = z.strictObject({ distance: z.number(), movingTime: z.number(), activities: z.int().check(z.minimum(0)) });

export const gearComponent = z.strictObject({
  id: z.int(),
  /** The piece it is fitted to now. */
  gearId: z.int(),
  kind: z.enum(COMPONENT_KINDS),
  name: z.string(),
  /** ISO 8601 UTC: when it was fitted first. */
  installedAt: z.string(),
  /** The interval: service every so many km and/or hours; null for none. */
  serviceIntervalKm: z.nullable(z.number()),
  serviceIntervalHours: z.nullable(z.number()),
  /** Since it was fitted, on every piece it was on. */
  total: usage,
  /** Since the last service (since it was fitted when never serviced): what the interval counts. */
  sinceService: usage,
  lastServicedAt: z.nullable(z.string()),
  /** The share of its interval used (the larger of distance and hours; 1 and more is due); null without an interval. */
  wear: z.nullable(z.number()),
  isDue: z.boolean(),
  /** Newest first. */
  services: z.array(componentService),
});
export type GearComponent = z.infer<typeof gearComponent>;

/** `GET /api/equipment/:gearId`: the piece, its components, and its latest activities the viewer may see. */
export const gearDetail = z.strictObject({ gear, components: z.array(gearComponent), recentActivities: z.array(gearActivity) });
export type GearDetail = z.infer<typeof gearDetail>;

/**
 * `GET /api/getUserProfileSportEquipment`: a member's gear (yours by default, drafts and retired pieces included;
 * another member's published pieces only), newest first, by sport when `sportId` is given.
 */
export const gearListQuery = z.strictObject({
  sportId: z.optional(activitySportIdParam),
  /** Whose: `userId` or `handleName`; neither is yours. */
  userId: z.optional(rowIdParam),
  handleName: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  /** Yours only: `true` drafts only, `false` published only. */
  isDraft: z.optional(z.stringbool()),
  ...pagingQuery,
});
export const gearList = pagedList(gear);
export type GearList = z.infer<typeof gearList>;

/** The gear an activity may name: your own pieces in use (`GET /api/equipment/pickable`), the sport's default first. */
export const gearPickable = z.array(z.strictObject({ id: z.int(), title: z.string(), sportId: z.int(), isDefault: z.boolean() }));
export type GearPickable = z.infer<typeof gearPickable>;

const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));
const nullableText = (max: number) => z.optional(z.nullable(text(max, `At most ${max} characters.`)));
const wholeNumber = (message: string) => z.optional(z.nullable(z.int(message).check(z.gte(0, message), z.lte(100_000, message))));

/**
 * `POST /api/userSaveEquipment`: create, or edit with `id` (spec §4). The details are checked against the sport's
 * options on the server (a choice from its list, a number in its range, a field the sport has).
 */
export const gearInput = z.strictObject({
  id: z.optional(rowId),
  sportId: activitySportId,
  title: z.string().check(z.trim(), z.minLength(1, 'Give it a name.'), z.maxLength(GEAR_TITLE_MAX, `A name is at most ${GEAR_TITLE_MAX} characters.`)),
  brand: z.optional(text(GEAR_BRAND_MAX, `At most ${GEAR_BRAND_MAX} characters.`)),
  model: z.optional(text(GEAR_BRAND_MAX, `At most ${GEAR_BRAND_MAX} characters.`)),
  year: z.optional(z.nullable(z.int('Enter a year like 2024.'))),
  notes: z.optional(text(GEAR_NOTES_MAX, `Notes are at most ${GEAR_NOTES_MAX} characters.`)),
  isDraft: z.boolean(),
  isDefault: z.optional(z.boolean()),
  /** Upload keys from `POST /api/compress-image` (purpose `gear`), in the order shown. */
  images: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(GEAR_IMAGES_MAX, `Up to ${GEAR_IMAGES_MAX} photos.`))),
  wheelsize: nullableText(40),
  framesize: nullableText(40),
  frontTravel: wholeNumber('Travel is a whole number of millimetres.'),
  rearTravel: wholeNumber('Travel is a whole number of millimetres.'),
  buildKit: nullableText(GEAR_TEXT_FIELD_MAX),
  motor: nullableText(80),
  batteryWh: wholeNumber('Battery is a whole number of watt-hours.'),
  category: nullableText(40),
  size: nullableText(20),
});
export type GearInput = z.infer<typeof gearInput>;

export const gearIdParams = z.strictObject({ gearId: rowIdParam });
/** `DELETE /api/deleteEquipment` (spec §7 `{id}`). */
export const gearIdBody = z.strictObject({ id: rowId });
/** `POST /api/equipment/retire`: retire a piece, or bring it back (`retired: false`). */
export const gearRetireBody = z.strictObject({ id: rowId, retired: z.boolean() });
/** `POST /api/activity/gear`: the gear an activity used (your own pieces; empty for none). */
export const activityGearBody = z.strictObject({
  activityId: rowId,
  gearIds: z.array(rowId).check(z.maxLength(5, 'Up to 5 pieces of gear per activity.')),
});

const isoInstant = (message: string) => z.iso.datetime({ offset: true, error: message });
const interval = (max: number, message: string) => z.optional(z.nullable(z.number(message).check(z.gt(0, message), z.lte(max, message))));

/** `POST /api/equipment/component`: fit a component to your piece, or with `id` change it (not where it is: move it). */
export const componentInput = z.strictObject({
  id: z.optional(rowId),
  gearId: rowId,
  kind: z.enum(COMPONENT_KINDS, 'Choose what kind of part it is.'),
  name: z.string().check(z.trim(), z.minLength(1, 'Give it a name, like “XT chain”.'), z.maxLength(COMPONENT_NAME_MAX, `A name is at most ${COMPONENT_NAME_MAX} characters.`)),
  installedAt: isoInstant('Give the day it was fitted.'),
  serviceIntervalKm: interval(COMPONENT_INTERVAL_KM_MAX, `An interval is more than 0 and at most ${COMPONENT_INTERVAL_KM_MAX.toLocaleString('en')} km.`),
  serviceIntervalHours: interval(COMPONENT_INTERVAL_HOURS_MAX, `An interval is more than 0 and at most ${COMPONENT_INTERVAL_HOURS_MAX.toLocaleString('en')} hours.`),
});
export type ComponentInput = z.infer<typeof componentInput>;

/** `POST /api/equipment/component/move`: onto another piece of yours from `movedAt` on. */
export const componentMoveBody = z.strictObject({ id: rowId, gearId: rowId, movedAt: isoInstant('Give the day it was moved.') });
/** `POST /api/equipment/component/service`: log a service; the interval counts again from it. */
export const componentServiceBody = z.strictObject({
  id: rowId,
  servicedAt: isoInstant('Give the day it was serviced.'),
  what: z.string().check(z.trim(), z.minLength(1, 'Say what was done, like “New chain” or “Lower leg service”.'), z.maxLength(SERVICE_WHAT_MAX, `At most ${SERVICE_WHAT_MAX} characters.`)),
  note: z.optional(z.string().check(z.trim(), z.maxLength(SERVICE_NOTE_MAX, `A note is at most ${SERVICE_NOTE_MAX} characters.`))),
});
export const componentIdBody = z.strictObject({ id: rowId });

/** `POST /api/shareEquipment`: a post about your published piece, with your words (answers the post). */
export const shareGearBody = z.strictObject({
  id: rowId,
  text: z.optional(z.string().check(z.trim(), z.maxLength(2000, 'A post is at most 2,000 characters.'))),
});

/** Toasts (spec §8). */
export const GEAR_CREATED = 'Equipment Created Successfully';
export const GEAR_DELETED = 'Equipment Deleted Successfully';
