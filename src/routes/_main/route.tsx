import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy } from 'react';
import { TARGET_ROW } from '#contract/reports';
import { refetchActivitiesOnBlock, removeActivity } from '../../features/activities/activity-cache';
import type { ThreadPages } from '../../features/comments/api';
import { removeComment } from '../../features/comments/thread-cache';
import { cohostInvitesLiveUpdates } from '../../features/events/cohost-live-updates';
import { markRequestedOnFollow, refetchEventsOnBlock, removeEvent } from '../../features/events/event-cache';
import { refetchFeedsOnBlockOrMute, removeFeed } from '../../features/feeds/feed-cache';
import { ActivityPickerSlot } from '../../features/feeds/form/activity-picker-slot';
import { mapStylesQuery } from '../../features/maps/api';
import { MainLayout } from '../../features/shell/components/main-layout';
import { followLiveUpdates } from '../../features/social/follow-live-updates';
import { moderationLiveUpdates } from '../../features/moderation/moderation-live-updates';
import { reportsLiveUpdates } from '../../features/reports/reports-live-updates';
import { ReportFollowUps, type ReportFollowUpsValue, type ReportSubject } from '../../features/reports/report-follow-ups';
import { BlockAfterReport } from '../../features/social/components/block-after-report';
import { MemberMenuItems } from '../../features/social/components/member-menu-items';
import { FollowSettledEffects } from '../../features/social/follow-toggle';

// Where one area's change reaches another's cache, it is wired here, so the areas never import each other.
/**
 * What the live connection keeps current beyond the notifications: the follow lists and profiles, the invitations,
 * the member's reports and the decisions about them.
 */
const LIVE_UPDATES = [followLiveUpdates, cohostInvitesLiveUpdates, reportsLiveUpdates, moderationLiveUpdates];
/**
 * What a settled follow, block or mute changes beyond the social area: the organiser's events read "Requested" (spec
 * §4); a blocked or muted member's posts and events leave what is cached, and a blocked member's activities.
 */
const FOLLOW_EFFECTS = [markRequestedOnFollow, refetchFeedsOnBlockOrMute, refetchEventsOnBlock, refetchActivitiesOnBlock];

/**
 * A reported post or short, event, activity or comment leaves what is cached at once (the server hides it from its
 * reporter too).
 */
function hideReported(queryClient: QueryClient, { kind, id }: ReportSubject) {
  const row = TARGET_ROW[kind];
  if (row === 'post') removeFeed(queryClient, id);
  else if (row === 'event') removeEvent(queryClient, id);
  else if (row === 'activity') removeActivity(queryClient, id);
  else if (row === 'comment') {
    for (const area of ['feeds', 'events', 'activities']) queryClient.setQueriesData<ThreadPages>({ queryKey: [area, 'comments'] }, (data) => removeComment(data, id));
  }
}
/**
 * After a report: "Block them too" is the social area's block toggle. The mute and block entries of posts' and
 * comments' menus are the social area's too.
 */
const REPORT_FOLLOW_UPS: ReportFollowUpsValue = { BlockButton: BlockAfterReport, MemberMenuItems, onReported: hideReported };

/** The feed form's "Link an activity" is the activities area's picker; its code loads with the first form that shows it. */
const ActivityPicker = lazy(() => import('../../features/activities/components/activity-picker').then((m) => ({ default: m.ActivityPicker })));

/** Every signed-in page: a signed-out visitor goes to sign-in and comes back here after. */
export const Route = createFileRoute('/_main')({
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) throw redirect({ to: '/auth/login', search: { redirect: location.href } });
  },
  component: function SignedIn() {
    // Spec §2: map styles load once per signed-in start.
    useQuery(mapStylesQuery);
    return (
      <FollowSettledEffects value={FOLLOW_EFFECTS}>
        <ReportFollowUps value={REPORT_FOLLOW_UPS}>
          <ActivityPickerSlot value={ActivityPicker}>
            <MainLayout live={LIVE_UPDATES} />
          </ActivityPickerSlot>
        </ReportFollowUps>
      </FollowSettledEffects>
    );
  },
});
