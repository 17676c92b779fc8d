import { createContext, type ComponentType } from 'react';

/** What the feed form hands its "Link an activity" picker: the linked activity's id (null for none) and how to change it. */
export type ActivityPickerProps = {
  value: number | null;
  onChange(activityId: number | null): void;
  /** The server's word on the link (an activity that is gone, or not the member's). */
  error?: string | undefined;
};

/**
 * The picker of the member's activities (spec §3 select-activity list) belongs to the activities area, which this
 * one may not import: the signed-in frame (src/routes/_main/route.tsx) puts it here. Without it the form offers no
 * picker and keeps a post's link as it was.
 */
export const ActivityPickerSlot = createContext<ComponentType<ActivityPickerProps> | null>(null);
