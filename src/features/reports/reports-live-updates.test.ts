import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { REPORT_TARGETS } from '#contract/reports';
import { aBadge, aNotification } from '../notifications/test-helpers';
import { reportKeys } from './api';
import { reportsLiveUpdates } from './reports-live-updates';

function clientWithEveryList() {
  const queryClient = new QueryClient();
  for (const kind of REPORT_TARGETS) queryClient.setQueryData(reportKeys.mine(kind), { pages: [], pageParams: [] });
  return queryClient;
}
const stale = (queryClient: QueryClient) => REPORT_TARGETS.filter((kind) => queryClient.getQueryState(reportKeys.mine(kind))?.isInvalidated);

describe('reportsLiveUpdates', () => {
  it.each(REPORT_TARGETS)('asks again for the list of reports of that kind when a %s_report outcome arrives, and no other', (kind) => {
    const queryClient = clientWithEveryList();
    const notification = aNotification({ kind: 'moderation', subjectType: `${kind}_report`, subjectId: 601, message: 'Your report was reviewed.' });
    reportsLiveUpdates(queryClient, { type: 'notification', notification, badge: aBadge(1) }, undefined);
    expect(stale(queryClient)).toEqual([kind]);
  });

  it('leaves the lists alone for a moderator decision about the member', () => {
    const queryClient = clientWithEveryList();
    const notification = aNotification({ kind: 'moderation', subjectType: 'decision', subjectId: 71, message: 'A moderator removed your activity.' });
    reportsLiveUpdates(queryClient, { type: 'notification', notification, badge: aBadge(1) }, undefined);
    expect(stale(queryClient)).toEqual([]);
  });
});
