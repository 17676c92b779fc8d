import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { OwnProfile } from '#contract/user';
import { ok } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderWithProviders, withSuspense } from '../../test/render';
import { signedInMember } from '../../test/session';
import { RecentActivities } from '../activities/components/recent-activities';
import { OwnShorts } from '../feeds/shorts/components/member-shorts';
import { OwnFeeds } from '../feeds/components/member-feeds';
import { OwnGear } from '../gear/components/member-gear';
import { OwnProfilePage } from './components/own-profile-page';

export const PROFILE_COUNTS = { followers: 1234, following: 1, feeds: 0, shorts: 0, activities: 0, gears: 0, distanceMetres: 160934.4, elevationMetres: 1000 };

/**
 * `/profile` for `over`'s member, drawn once its heading shows: the counts answer `summary` (these counts by default),
 * the Feeds tab, open first, lists no posts, the Gear tab no gear and the Activities tab no activities.
 */
export async function renderOwnProfilePage(over: Partial<OwnProfile> = {}, summary: Response = HttpResponse.json(ok(PROFILE_COUNTS))) {
  signedInMember(over);
  server.use(
    http.get('/api/user-profile-summary', () => summary.clone()),
    http.get('/api/feed', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null }))),
    http.get('/api/video-feed', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null }))),
    http.get('/api/getUserProfileSportEquipment', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 50, total: 0, next_cursor: null }))),
    http.post('/api/getActivity', () => HttpResponse.json(ok({ list: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null }))),
  );
  const user = userEvent.setup();
  const view = await renderWithProviders(withSuspense(<OwnProfilePage feeds={<OwnFeeds />} shorts={<OwnShorts />} gear={<OwnGear />} activities={<RecentActivities />} />), { path: '/profile' });
  await screen.findByRole('heading', { level: 1 });
  return { user, ...view };
}

