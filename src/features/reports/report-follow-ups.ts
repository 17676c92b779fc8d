import type { QueryClient } from '@tanstack/react-query';
import { createContext, use, type ComponentType } from 'react';
import type { ReportTarget } from '#contract/reports';

/** What is being reported: its kind and id, its name for the dialog's title, and the member it concerns. */
export type ReportSubject = {
  kind: ReportTarget;
  id: number;
  /** The dialog's title after "Report": `@maya`, `this post`. */
  name: string;
  /**
   * The member concerned: the member reported, or the author or organiser of the post, event, activity or comment.
   * Unknown, the thank-you step offers no block.
   */
  userId?: number | undefined;
  handleName?: string | undefined;
};

/**
 * What other areas do after a report went through, given once where the signed-in app is put together
 * (src/routes/_main/route.tsx), since this shared area may not import them: the social area's block button, offered
 * on the thank-you step, and what leaves cached lists at once (the server hides reported content from its reporter).
 * Without a provider neither is there, and the thank-you step offers no block.
 *
 * The same seam carries the social area's mute and block entries into the menus beside "Report" on posts and
 * comments, which may not import social either; without a provider those menus offer neither.
 */
export type ReportFollowUpsValue = {
  BlockButton?: ComponentType<{ userId: number; handleName: string; onDone(): void }> | undefined;
  /** "Mute @handle" and "Block @handle" (or their undoing) as entries of an open options menu; `close` closes it. */
  MemberMenuItems?: ComponentType<{ member: { userId: number; handleName: string }; close(): void }> | undefined;
  /** Like the follow effects (social/follow-toggle.ts), given the client, so it can be one constant of the route. */
  onReported?: ((queryClient: QueryClient, subject: ReportSubject) => void) | undefined;
};

export const ReportFollowUps = createContext<ReportFollowUpsValue>({});

export const useReportFollowUps = () => use(ReportFollowUps);
