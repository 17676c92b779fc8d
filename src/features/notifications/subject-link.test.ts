import { describe, expect, it } from 'vitest';
import { subjectLink } from './subject-link';
import { aNotification } from './test-helpers';

describe('subjectLink', () => {
  it('leads a reaction to an activity to the activity, and a comment on one to the activity it is on', () => {
    expect(subjectLink(aNotification({ kind: 'likes', subjectType: 'activity', subjectId: 314 }))).toMatchObject({
      to: '/activities/$activityId',
      params: { activityId: '314' },
    });
    expect(subjectLink(aNotification({ kind: 'comments', subjectType: 'activity_comment', subjectId: 9001, parentId: 314 }))).toMatchObject({
      to: '/activities/$activityId',
      params: { activityId: '314' },
    });
  });

  it('leads a gear service notice to the piece of gear', () => {
    expect(subjectLink(aNotification({ kind: 'gear', actor: null, subjectType: 'gear', subjectId: 31 }))).toMatchObject({
      to: '/gears/$gearId',
      params: { gearId: '31' },
    });
  });

  it('leads nowhere for a comment whose activity is unknown', () => {
    expect(subjectLink(aNotification({ kind: 'comments', subjectType: 'activity_comment', subjectId: 9001, parentId: null }))).toBeNull();
  });
});
