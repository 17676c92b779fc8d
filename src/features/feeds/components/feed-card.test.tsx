import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { aFeed, anAuthor, feedPage, serveFeeds } from '../test-helpers';
import { FeedList } from './feed-list';

const ME = 7;

async function renderList(...feeds: ReturnType<typeof aFeed>[]) {
  signedInMember({ userId: ME });
  serveFeeds(() => feedPage(feeds));
  const user = userEvent.setup();
  const view = await renderWithProviders(<FeedList filters={{ filter_type: 'all' }} label="Posts from everyone" empty={<p>No posts</p>} />, { path: '/feeds' });
  await screen.findAllByRole('article');
  return { user, ...view };
}

const XSS = ['<img src=x onerror="window.__xss=1">', 'javascript:alert(1)', '<svg onload=alert(1)>', '<script>window.__xss=1</script>'];

describe('FeedCard', () => {
  it('links hashtags to the feed searched for them and resolved mentions to the profile; other @names stay text', async () => {
    const lena = anAuthor({ userId: 30, handleName: 'lenaclimbs', firstName: 'Lena', lastName: 'Vogt' });
    await renderList(aFeed({ description: 'Dawn #Gravel loop with @LenaClimbs and @nobody, mail me@example.com #100km!', tagUser: [lena] }));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: '#Gravel' })).toHaveAttribute('href', '/feeds?search=%23gravel');
    expect(within(card).getByRole('link', { name: '#100km' })).toHaveAttribute('href', '/feeds?search=%23100km');
    expect(within(card).getByRole('link', { name: '@LenaClimbs' })).toHaveAttribute('href', '/profile/lenaclimbs');
    expect(within(card).queryByRole('link', { name: '@nobody' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /example/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Dawn #Gravel loop with @LenaClimbs and @nobody, mail me@example.com #100km!');
    // The author links to their profile; the time to the post.
    expect(within(card).getByRole('link', { name: 'Jonas Berg' })).toHaveAttribute('href', '/profile/jonasrides');
    expect(within(card).getByRole('link', { name: /ago|now/ })).toHaveAttribute('href', '/feeds/101');
  });

  it('shows the piece of gear a post is about, linking to its page, with the gear mark when it has no photo', async () => {
    const hightower = { id: 31, title: 'Blue Hightower', sportId: 53, brand: 'Santa Cruz', model: 'Hightower', thumbnail: null };
    await renderList(aFeed({ id: 905, description: 'Finally built', gear: hightower }), aFeed({ id: 904, gear: { ...hightower, id: 32, thumbnail: '/media/g32-t.webp' } }));
    const [noPhoto, withPhoto] = screen.getAllByRole('article');
    const link = within(noPhoto!).getByRole('link', { name: 'Gear: Blue Hightower' });
    expect(link).toHaveAttribute('href', '/gears/31');
    expect(within(noPhoto!).getByText('Santa Cruz Hightower')).toBeInTheDocument();
    expect(within(noPhoto!).getByText('MTB')).toBeInTheDocument();
    expect(noPhoto!.querySelector('img')).toBeNull();
    expect(within(withPhoto!).getByRole('link', { name: 'Gear: Blue Hightower' })).toHaveAttribute('href', '/gears/32');
    expect(withPhoto!.querySelector('img[src="/media/g32-t.webp"]')).not.toBeNull();
  });

  it('shows an XSS corpus in the title and text as the characters typed, running nothing', async () => {
    await renderList(aFeed({ title: XSS[0]!, description: XSS.join('\n') }));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(XSS[0]!);
    for (const line of XSS) expect(card).toHaveTextContent(line);
    expect(card.querySelector('script, svg[onload], img[onerror]')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('abbreviates counts, says where the post was, and marks drafts', async () => {
    await renderList(
      aFeed({
        id: 2,
        location: 'Lago di Garda',
        commentCount: 1530,
        likes: { total: 2_400_000, mine: null, byCode: [{ likeUniCode: 'U+1F44D', count: 2_400_000 }] },
      }),
      aFeed({ id: 1, title: 'Half written', isDraft: true, publishedAt: null, author: anAuthor({ userId: ME }) }),
    );
    const [published, draft] = screen.getAllByRole('article');
    expect(within(published!).getByText('Lago di Garda')).toBeInTheDocument();
    expect(within(published!).getByRole('link', { name: '1.5K comments' })).toHaveAttribute('href', '/feeds/2#comments');
    expect(within(published!).getByRole('button', { name: '2400000 reactions: see who reacted' })).toHaveTextContent('2.4M');
    expect(within(published!).queryByText('Draft')).not.toBeInTheDocument();
    expect(within(draft!).getByText('Draft')).toBeInTheDocument();
    expect(within(draft!).getByText('Reactions open once you publish.')).toBeInTheDocument();
  });

  it("lets the author delete after confirming: the card leaves the list and the toast says so", async () => {
    const deleted: unknown[] = [];
    server.use(
      http.delete('/api/feedDelete', async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json(ok({}));
      }),
    );
    const { user } = await renderList(aFeed({ id: 5, title: 'Mine', author: anAuthor({ userId: ME }) }), aFeed({ id: 4, title: 'Theirs' }));
    const [mine, theirs] = screen.getAllByRole('article');
    await user.click(within(theirs!).getByRole('button', { name: 'Post options' }));
    expect(within(theirs!).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(theirs!).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();

    await user.click(within(mine!).getByRole('button', { name: 'Post options' }));
    expect(within(mine!).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/feeds/edit?feedId=5');
    await user.click(within(mine!).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(deleted).toEqual([]);
    expect(screen.getAllByRole('article')).toHaveLength(2);

    await user.click(within(mine!).getByRole('button', { name: 'Post options' }));
    await user.click(within(mine!).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete post' }));
    expect(await screen.findByText('Feed Deleted Successfully')).toBeInTheDocument();
    expect(deleted).toEqual([{ feedId: 5 }]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Theirs' })).toBeInTheDocument();
  });

  it('shows the linked activity: its map, title, sport and three numbers in the member’s units, linking to it', async () => {
    const activity = { id: 314, title: 'Dawn loop', sportId: 53, distance: 32_186.88, movingTime: 5_430, elevationGain: 609.6, mapImage: '/media/activities/314.png' };
    await renderList(aFeed({ id: 2, activityId: 314, activity }), aFeed({ id: 1, activityId: 315, activity: { ...activity, id: 315, title: 'Gym', sportId: 59, mapImage: null, elevationGain: null } }));
    const [linked, noMap] = screen.getAllByRole('article');
    expect(within(linked!).getByRole('link', { name: 'Dawn loop' })).toHaveAttribute('href', '/activities/314');
    expect(within(linked!).getByText('MTB')).toBeInTheDocument();
    const map = linked!.querySelector('img[src="/media/activities/314.png"]')!;
    // The picture's shape is known before it arrives, and it waits until the card nears the screen.
    expect(map).toHaveAttribute('width', '640');
    expect(map).toHaveAttribute('height', '360');
    expect(map).toHaveAttribute('loading', 'lazy');
    const figures = within(linked!).getAllByRole('definition').map((d) => d.textContent);
    expect(figures).toEqual(['20.0 mi', '1h 30m', '2,000 ft']);
    expect(within(linked!).getAllByRole('term').map((t) => t.textContent)).toEqual(['Distance', 'Moving time', 'Climb']);

    expect(within(noMap!).getByRole('link', { name: 'Gym' })).toHaveAttribute('href', '/activities/315');
    expect(within(noMap!).getByText('Other')).toBeInTheDocument();
    expect(noMap!.querySelector('img')).toBeNull();
    expect(within(noMap!).getAllByRole('definition').map((d) => d.textContent)).toEqual(['20.0 mi', '1h 30m', '—']);
  });

  it('opens the photos full screen and steps through them with the keyboard', async () => {
    const images = [1, 2, 3, 4, 5].map((n) => ({ key: `k${n}`, url: `/media/p${n}.jpg`, thumbnail: `/media/t${n}.jpg`, dimens: '1600:1200' }));
    const { user } = await renderList(aFeed({ images }));
    const card = screen.getByRole('article');
    // Four tiles; the last says how many more there are.
    expect(within(card).getAllByRole('button', { name: /Open photo/ })).toHaveLength(4);
    await user.click(within(card).getByRole('button', { name: 'Open photo 2 of 5' }));
    const viewer = await screen.findByRole('dialog');
    expect(viewer).toHaveTextContent('2 / 5');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/p2.jpg');
    // Focus moves into the viewer once it has opened (an effect after the render): waited for, not assumed.
    await waitFor(() => expect(within(viewer).getByRole('button', { name: 'Close photos' })).toHaveFocus());

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(viewer).toHaveTextContent('4 / 5');
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/media/p4.jpg');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(viewer).toHaveTextContent('5 / 5');
    expect(within(viewer).getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await user.keyboard('{Home}');
    expect(viewer).toHaveTextContent('1 / 5');
    await user.keyboard('{ArrowLeft}');
    expect(viewer).toHaveTextContent('1 / 5');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Open photo 2 of 5' })).toHaveFocus());
  });
});
