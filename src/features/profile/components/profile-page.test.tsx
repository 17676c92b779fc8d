import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, managedBy } from '../../../test/fixtures';
import { activityFixture, activityPage, serveActivities } from '../../activities/test-helpers';
import { renderOwnProfilePage } from '../test-helpers';

const renderPage = renderOwnProfilePage;

describe('ProfilePage', () => {
  it("shows the member's details, sports, counts and member-since date", async () => {
    await renderPage({ bio: 'Dawn patrol.\nEvery Saturday.', sports: [35, 53], location: 'Boulder, CO', createdAt: '2026-01-15T10:00:00.000Z' });
    expect(screen.getByRole('heading', { level: 1, name: 'Maya Torres' })).toBeInTheDocument();
    expect(screen.getByText('@mayatrails')).toBeInTheDocument();
    expect(screen.getByText(/Dawn patrol\./)).toBeInTheDocument();
    // Spec order, by name.
    const sports = within(screen.getByRole('list', { name: 'Sports' })).getAllByRole('listitem');
    expect(sports.map((li) => li.textContent)).toEqual(['MTB', 'Hiking']);
    expect(screen.getByText('Boulder, CO')).toBeInTheDocument();
    expect(screen.getByText('January 2026')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '1.2K followers' })).toHaveAttribute('href', '/followers');
    expect(screen.getByRole('link', { name: '1 following' })).toHaveAttribute('href', '/following');
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.queryByText('Private profile')).not.toBeInTheDocument();
  });

  it("shows all-time distance and climb in the member's units", async () => {
    const { unmount } = await renderPage({ units: 'imperial' });
    expect(await screen.findByText('100.0 mi')).toBeInTheDocument();
    expect(screen.getByText('3,281 ft')).toBeInTheDocument();
    unmount();
    await renderPage({ units: 'metric' });
    expect(await screen.findByText('160.9 km')).toBeInTheDocument();
    expect(screen.getByText('1,000 m')).toBeInTheDocument();
  });

  it('marks a private profile', async () => {
    await renderPage({ isPrivate: true });
    expect(screen.getByText('Private profile')).toBeInTheDocument();
  });

  it('shows the images when set, and a placeholder cover when not', async () => {
    const { container, unmount } = await renderPage({ profileImage: '/media/me.webp', profileCoverImage: '/media/cover.webp' });
    expect(container.ownerDocument.querySelector('img[src="/media/cover.webp"]')).not.toBeNull();
    expect(container.ownerDocument.querySelector('img[src="/media/me.webp"]')).not.toBeNull();
    unmount();
    await renderPage();
    expect(document.querySelectorAll('img')).toHaveLength(0);
  });

  it('still shows the profile when the counts cannot be loaded', async () => {
    await renderPage({}, HttpResponse.json(fail(500, 'Something went wrong'), { status: 500 }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Maya Torres' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '– followers' })).toBeInTheDocument();
  });

  it('puts the content right under the header: the phone number is in Edit profile, not here', async () => {
    await renderPage({ profile: { countryId: null, countryCode: null, phone: null } });
    expect(screen.getByRole('tablist', { name: 'Your content' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Phone number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add phone number' })).not.toBeInTheDocument();
  });

  it('has keyboard-usable tabs: Posts lists your posts, Shorts your shorts, Gear your gear, Activities your latest activities', async () => {
    const { user } = await renderPage();
    const tabs = within(screen.getByRole('tablist', { name: 'Your content' })).getAllByRole('tab');
    // Each tab carries its count once the summary is in.
    await waitFor(() => expect(tabs.map((t) => t.textContent)).toEqual(['Posts0', 'Shorts0', 'Gear0', 'Activities0']));
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('You haven’t posted yet')).toBeInTheDocument();

    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel', { name: /Shorts/ })).findByText('You haven’t posted a short yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Manage my shorts' })).toHaveAttribute('href', '/profile/shorts');
    await user.keyboard('{ArrowRight}');
    expect(await within(screen.getByRole('tabpanel', { name: /Gear/ })).findByText('No gear yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Add gear' })).toHaveAttribute('href', '/profile/gears/add');

    await user.keyboard('{End}');
    expect(tabs[3]).toHaveFocus();
    expect(await within(screen.getByRole('tabpanel')).findByText('No activities yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: 'Log your first activity' })).toHaveAttribute('href', '/activities');
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the Tab order.
    expect(tabs.filter((t) => t.tabIndex === 0)).toEqual([tabs[0]]);
    await waitFor(() => expect(screen.getAllByRole('tabpanel')).toHaveLength(1));
  });

  it('offers an associate only what their owner allows: Settings for Edit profile, no Add gear or first activity', async () => {
    const { user } = await renderPage({ managedBy: managedBy('comment') });
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Your content' })).getAllByRole('tab');
    await user.click(tabs[2]!);
    expect(await within(screen.getByRole('tabpanel', { name: /Gear/ })).findByText('No gear yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryByRole('link', { name: 'Add gear' })).not.toBeInTheDocument();
    await user.click(tabs[3]!);
    expect(await within(screen.getByRole('tabpanel')).findByText('No activities yet')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).queryByRole('link', { name: 'Log your first activity' })).not.toBeInTheDocument();
  });

  it('lists your latest activities in the Activities tab, with the way to all of them', async () => {
    const { user } = await renderPage({ units: 'metric' });
    serveActivities(() => activityPage([activityFixture({ id: 901, title: 'Morning ride', distance: 32_186.88, movingTime: 5400 })]));
    await user.click(screen.getByRole('tab', { name: /Activities/ }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('link', { name: 'Morning ride' })).toHaveAttribute('href', '/activities/901');
    expect(within(panel).getByRole('list', { name: 'Your latest activities' })).toHaveTextContent('MTB · Sun 17 May 2026 · 6:30 AM · 32.2 km · 1h 30m');
    expect(within(panel).getByRole('link', { name: 'See all your activities' })).toHaveAttribute('href', '/activities');
  });
});
