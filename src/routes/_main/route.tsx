import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { cohostInvitesLiveUpdates } from '../../features/events/cohost-live-updates';
import { markRequestedOnFollow, refetchEventsOnBlock } from '../../features/events/event-cache';
import { refetchFeedsOnBlockOrMute } from '../../features/feeds/feed-cache';
import { mapStylesQuery } from '../../features/maps/api';
import { MainLayout } from '../../features/shell/components/main-layout';
import { followLiveUpdates } from '../../features/social/follow-live-updates';
import { FollowSettledEffects } from '../../features/social/follow-toggle';

// Where one area's change reaches another's cache, it is wired here, so the areas never import each other.
/** What the live connection keeps current beyond the notifications: the follow lists and profiles, the invitations. */
const LIVE_UPDATES = [followLiveUpdates, cohostInvitesLiveUpdates];
/**
 * What a settled follow, block or mute changes beyond the social area: the organiser's events read "Requested" (spec
 * §4); a blocked or muted member's posts and events leave what is cached.
 */
const FOLLOW_EFFECTS = [markRequestedOnFollow, refetchFeedsOnBlockOrMute, refetchEventsOnBlock];

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
        <MainLayout live={LIVE_UPDATES} />
      </FollowSettledEffects>
    );
  },
});
