/** Sport types with the ids of spec §3; the ids are shared with the mobile apps. */
export const SPORTS = [
  { id: 53, name: 'MTB' },
  { id: 37, name: 'eBike' },
  { id: 34, name: 'Road' },
  { id: 35, name: 'Hiking' },
  { id: 5, name: 'Running' },
  { id: 54, name: 'Walking' },
  { id: 59, name: 'Other' },
] as const;

export type SportId = (typeof SPORTS)[number]['id'];

/** A sport's name by its id; an id a newer app knows and this one does not reads as "Other". */
export const sportName = (sportId: number): string => SPORTS.find((s) => s.id === sportId)?.name ?? 'Other';
