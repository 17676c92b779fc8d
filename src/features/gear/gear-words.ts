import { GEAR_CREATED, GEAR_DELETED } from '#contract/gear';

/** The gear screens' own words (the spec's two toasts come from the contract; the server's message wins where sent). */
export const gearWords = {
  created: GEAR_CREATED,
  deleted: GEAR_DELETED,
  saved: 'Equipment saved.',
  draftSaved: 'Draft saved. Find it in your gear.',
  retired: 'Retired. It keeps its totals and leaves the pickers.',
  unretired: 'Back in use.',
  activityGearSaved: 'Gear saved.',
  posted: 'Feed Created Successfully',
  linkCopied: 'Link copied. Share it with anyone who can see this gear.',
  postAboutDraft: 'Publish it to post about it.',
  tooManyPhotos: 'A piece of gear holds up to 10 photos; the rest were left out.',
  discardNew: { title: 'Discard this gear?', description: 'What you entered will be lost.' },
  discardChanges: { title: 'Discard changes?', description: 'Your changes to this gear will be lost.' },
} as const;
