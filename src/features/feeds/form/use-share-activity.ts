import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useFeedFormActions } from './feed-form-context';

/**
 * `/feeds?shareActivity=<id>`, where an activity's "Share as a post" leads: the composer opens with that activity
 * linked, and the parameter leaves the address, so a reload or a step back does not open it again.
 */
export function useShareActivity(activityId: number | undefined) {
  const { openWithActivity } = useFeedFormActions();
  const navigate = useNavigate({ from: '/feeds/' });
  useEffect(() => {
    if (activityId === undefined) return;
    openWithActivity(activityId);
    void navigate({ search: ({ shareActivity: _, ...rest }) => rest, replace: true });
  }, [activityId, openWithActivity, navigate]);
}
