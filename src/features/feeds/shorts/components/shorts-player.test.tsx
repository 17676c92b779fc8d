import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Feed } from '#contract/feeds';
import { managedBy, ok } from '../../../../test/fixtures';
import { server } from '../../../../test/msw-server';
import { renderWithProviders } from '../../../../test/render';
import { signedInMember } from '../../../../test/session';
import { aShort, aVideo } from '../test-helpers';
import { ShortsPage } from './shorts-page';
import { ShortsPlayer } from './shorts-player';
import { feedPage } from '../../test-helpers';
import { serveReasons } from '../../../reports/test-helpers';

// The player's one-in-view logic (check P11): which short plays, how many <video> elements exist, and its keys.

/** jsdom has no IntersectionObserver: this one lets a test say which slide came into view. */
let observed: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
class TestObserver {
  targets: Element[] = [];
  constructor(public callback: IntersectionObserverCallback) {
    observed.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    observed = observed.filter((o) => o !== this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/** Slide `index` is now the one in view. */
function scrollTo(index: number) {
  act(() => {
    for (const o of observed) {
      const target = o.targets.find((t) => (t as HTMLElement).dataset.index === String(index));
      if (target) o.callback([{ isIntersecting: true, target } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
    }
  });
}

const played: string[] = [];
const paused: string[] = [];
beforeEach(() => {
  observed = [];
  played.length = 0;
  paused.length = 0;
  vi.stubGlobal('IntersectionObserver', TestObserver);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src')!);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.push(this.getAttribute('src')!);
  });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const shorts = (n: number): Feed[] =>
  Array.from({ length: n }, (_, i) => aShort({ id: 500 + i, title: `Short ${i + 1}`, videos: [aVideo({ key: `k${i}`, videoUrl: `/media/v${i}/video.mp4`, thumbnail: `/media/v${i}/poster.webp` })] }));
const videoSources = (root: HTMLElement) => Array.from(root.querySelectorAll('video')).map((v) => v.getAttribute('src'));

describe('ShortsPlayer', () => {
  it('plays only the short in view, keeps at most three <video> elements, and asks for more near the end', async () => {
    signedInMember();
    const onNearEnd = vi.fn();
    await renderWithProviders(<ShortsPlayer shorts={shorts(12)} label="Shorts" onNearEnd={onNearEnd} />);
    const player = screen.getByRole('region', { name: 'Shorts' });
    expect(videoSources(player)).toEqual(['/media/v0/video.mp4', '/media/v1/video.mp4']);
    expect(played).toEqual(['/media/v0/video.mp4']);
    // The far ones show their poster.
    expect(player.querySelectorAll('img[src="/media/v5/poster.webp"]')).toHaveLength(1);

    scrollTo(5);
    expect(videoSources(player)).toEqual(['/media/v4/video.mp4', '/media/v5/video.mp4', '/media/v6/video.mp4']);
    expect(played.at(-1)).toBe('/media/v5/video.mp4');
    expect(paused).toContain('/media/v4/video.mp4');
    expect(paused).toContain('/media/v6/video.mp4');
    expect(onNearEnd).not.toHaveBeenCalled();

    for (const i of [6, 7, 8, 9]) {
      scrollTo(i);
      expect(player.querySelectorAll('video').length).toBeLessThanOrEqual(3);
    }
    expect(onNearEnd).toHaveBeenCalled();
    expect(within(player).getByRole('region', { name: /Short 10, 10 of 12/ })).toBeInTheDocument();
  });

  it('turns the sound on with m or its button, pauses with space, and moves with j and k', async () => {
    signedInMember();
    const user = userEvent.setup();
    await renderWithProviders(<ShortsPlayer shorts={shorts(4)} label="Shorts" />);
    const player = screen.getByRole('region', { name: 'Shorts' });
    const first = player.querySelector<HTMLVideoElement>('video[src="/media/v0/video.mp4"]')!;
    expect(first.muted).toBe(true);
    player.focus();
    await user.keyboard('m');
    expect(first.muted).toBe(false);
    const slide = within(player).getByRole('region', { name: /Short 1, 1 of 4/ });
    await user.click(within(slide).getByRole('button', { name: 'Turn the sound off' }));
    expect(first.muted).toBe(true);

    player.focus();
    const pausesBefore = paused.filter((src) => src === '/media/v0/video.mp4').length;
    await user.keyboard(' ');
    expect(paused.filter((src) => src === '/media/v0/video.mp4').length).toBeGreaterThan(pausesBefore);
    expect(within(slide).getByRole('button', { name: 'Play' })).toBeInTheDocument();

    await user.keyboard('j');
    const next = player.querySelector('[data-index="1"]')!;
    expect(Element.prototype.scrollIntoView).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts.at(-1)).toBe(next);
  });

  it('reports another member’s short on the shorts’ path, and offers its author the way to edit it', async () => {
    signedInMember();
    serveReasons();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/short-video-report', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(ok({}, 'Report sent successfully.'));
      }),
    );
    const user = userEvent.setup();
    const [theirs] = shorts(1);
    const view = await renderWithProviders(<ShortsPlayer shorts={[{ ...theirs!, author: { ...theirs!.author, userId: 9001, handleName: 'otherrider' } }]} label="Shorts" />);
    await user.click(screen.getByRole('button', { name: 'Short options' }));
    expect(screen.queryByRole('link', { name: 'Edit or delete in Your shorts' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: /Report this short/ });
    await user.click(await within(dialog).findByRole('radio', { name: /Spam or scam/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(/You won't see this short any more/)).toBeInTheDocument();
    expect(sent).toEqual([{ feedId: theirs!.id, reasonId: 3 }]);
    view.unmount();

    await renderWithProviders(<ShortsPlayer shorts={shorts(1)} label="Shorts" />);
    await user.click(screen.getByRole('button', { name: 'Short options' }));
    expect(screen.getByRole('link', { name: 'Edit or delete in Your shorts' })).toHaveAttribute('href', '/profile/shorts');
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('shows a short’s captions with a <track>', async () => {
    signedInMember();
    const made: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (made.push(blob), `blob:captions-${made.length}`));
    URL.revokeObjectURL = vi.fn();
    const [plain, captioned] = shorts(2);
    const vtt = 'WEBVTT\n\n00:00.500 --> 00:02.000\nAnd drop!\n';
    await renderWithProviders(<ShortsPlayer shorts={[{ ...captioned!, videos: [{ ...captioned!.videos[0]!, captions: vtt }] }, plain!]} label="Shorts" />);
    const track = screen.getByRole('region', { name: 'Shorts' }).querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', 'blob:captions-1');
    expect(await made[0]!.text()).toBe(vtt);
    expect(made[0]!.type).toBe('text/vtt');
    // One track: the short without captions has none.
    expect(screen.getByRole('region', { name: 'Shorts' }).querySelectorAll('track')).toHaveLength(1);
  });

  it('reacts with ❤️ on a double tap, and the count moves everywhere the short is shown', async () => {
    signedInMember();
    const sent: unknown[] = [];
    let short = shorts(1)[0]!;
    // As the server keeps it: the list asked again after the reaction answers it too.
    server.use(
      http.get('/api/video-feed', () => HttpResponse.json(feedPage([short]))),
      http.post('/api/feed/like', async ({ request }) => {
        sent.push(await request.json());
        short = { ...short, likes: { total: 1, mine: 'U+2764', byCode: [{ likeUniCode: 'U+2764', count: 1 }] } };
        return HttpResponse.json(ok(short));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ShortsPage search="" />, { path: '/shorts' });
    const player = await screen.findByRole('region', { name: 'Shorts' });
    const video = player.querySelector('video')!;
    await user.dblClick(video);
    await waitFor(() => expect(sent).toEqual([{ feedId: short.id, likeUniCode: 'U+2764' }]));
    expect(await within(player).findByRole('button', { name: 'Remove your reaction (1)' })).toHaveAttribute('aria-pressed', 'true');
    // A double tap is not two sound toggles.
    expect(video.muted).toBe(true);
  });

  it('shows an associate whose owner allows neither shorts nor reactions the count, with a heart that does not react, and no New short', async () => {
    signedInMember({ managedBy: managedBy('comment') });
    const sent: unknown[] = [];
    const short = { ...shorts(1)[0]!, likes: { total: 4, mine: null, byCode: [{ likeUniCode: 'U+2764' as const, count: 4 }] } };
    server.use(
      http.get('/api/video-feed', () => HttpResponse.json(feedPage([short]))),
      http.post('/api/feed/like', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(ok(short));
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<ShortsPage search="" />, { path: '/shorts' });
    const player = await screen.findByRole('region', { name: 'Shorts' });
    expect(within(player).getByRole('button', { name: 'Reactions (4)' })).toBeDisabled();
    await user.dblClick(player.querySelector('video')!);
    expect(screen.queryByRole('button', { name: 'New short' })).not.toBeInTheDocument();
    // Long enough for a reaction to have gone out, had the double tap sent one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toEqual([]);
    expect(within(player).getByRole('button', { name: 'Reactions (4)' })).toHaveAttribute('aria-pressed', 'false');
  });
});
