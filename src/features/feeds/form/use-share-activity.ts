import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCan } from '../../auth/use-can';
import { useFeedFormActions } from './feed-form-context';

/**
 * `/feeds?shareActivity=<id>`, where an activity's "Share as a post" leads: the composer opens with that activity
 * linked (unless the member may not post: an associate, issue 25), and the parameter leaves the address, so a reload
 * or a step back does not open it again.
 */
export function useShareActivity(activityId: number | undefined) {
  const { openWithActivity } = useFeedFormActions();
  const mayPost = useCan('post');
  const navigate = useNavigate({ from: '/feeds/' });
  useEffect(() => {
    if (activityId === undefined) return;
    if (mayPost) openWithActivity(activityId);
    void navigate({ search: ({ shareActivity: _, ...rest }) => rest, replace: true });
  }, [activityId, mayPost, openWithActivity, navigate]);
}
