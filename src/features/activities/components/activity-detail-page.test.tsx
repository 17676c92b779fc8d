import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityDetail, ActivityTrack } from '#contract/activities';
import type { ReactionCode } from '#contract/feeds';
import type { MapEngineProps } from '../../../components/map/map-canvas';
import { fail, managedBy, ok } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { activityDetailFixture, serveActivityPage, splitFixture, trackFixture } from '../detail-test-helpers';
import { activityFixture } from '../test-helpers';
import type { ChartSpec } from '../chart-series';
import { serveReasons } from '../../reports/test-helpers';
import { ActivityDetailPage } from './activity-detail-page';

/**
 * jsdom draws neither canvas nor WebGL. The chart stands in with two buttons that move its cursor as a pointer would
 * (its table, the accessible part, is the real one), and the map engine lists what it was given to draw.
 */
vi.mock('./activity-chart', () => ({
  default: function FakeChart({ spec, onHover }: { spec: ChartSpec; onHover(index: number | null): void }) {
    return (
      <>
        <button type="button" onClick={() => onHover(10)}>
          Point at the middle of the {spec.title.toLowerCase()} chart
        </button>
        <button type="button" onClick={() => onHover(null)}>
          Leave the {spec.title.toLowerCase()} chart
        </button>
      </>
    );
  },
}));
vi.mock('../../../components/map/libre-map', () => ({
  default: function FakeEngine({ onReady, lines, markers }: MapEngineProps) {
    useEffect(() => {
      onReady();
      // Once, as the real map reports its first frame.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return (
      <ul aria-label="On the map">
        {lines?.map((line) => (
          <li key={line.id}>
            {line.look} line in {line.pieces.length} {line.pieces.length === 1 ? 'piece' : 'pieces'}
          </li>
        ))}
        {markers?.map((m) => (
          <li key={m.id}>
            {m.label} at {m.position.join(', ')}
          </li>
        ))}
      </ul>
    );
  },
}));
const saved = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../../lib/save-file', () => ({
  saveFile: async (blob: Blob, name: string) => saved.push({ name, text: await blob.text() }),
}));

beforeEach(() => {
  // jsdom has no WebGL API; the map asks only whether it exists.
  vi.stubGlobal('WebGL2RenderingContext', class {});
  saved.length = 0;
});

/**
 * Maya's ride (901) as she sees it: 20 miles on Sunday 17 May 2026 at 7:30 AM in Denver, for her followers, with
 * heart rate, power-estimated calories, two splits a mile, heart-rate zones, and a track whose first three points
 * are inside a privacy zone.
 */
const ownRide = (over: Partial<ActivityDetail> = {}) =>
  activityDetailFixture({
    title: 'Flagstaff dawn loop',
    description: 'Cold start, warm finish.',
    startDate: '2026-05-17T13:30:00.000Z',
    timeZone: 'America/Denver',
    visibility: 'followers',
    averageHeartRate: 141.4,
    maxHeartRate: 175,
    calories: 812,
    caloriesSource: 'power',
    elevationMin: 1655,
    elevationMax: 2020,
    heartRateZones: { maxHeartRate: 190, lowerBounds: [114, 133, 152, 171], seconds: [600, 1800, 2100, 800, 100] },
    splits: {
      metric: [],
      imperial: [
        splitFixture({ distance: 1609.344, movingTime: 270, elapsedTime: 280, elevationChange: 12.2, averageHeartRate: 141.6 }),
        splitFixture({ distance: 804.672, movingTime: 150, elapsedTime: 150, elevationChange: -3, averageHeartRate: null }),
      ],
    },
    series: ['elevation', 'heartRate'],
    hasOriginalFile: true,
    hasHiddenParts: true,
    ...over,
  });

const ownTrack = (over: Partial<ActivityTrack> = {}) =>
  trackFixture({ hiddenRanges: [[0, 2]], series: { elevation: Array(21).fill(1700), heartRate: Array(21).fill(140) }, ...over });

/** Someone else's run as Maya sees it: trimmed at its owner's zone (the server already cut it), no options. */
const othersRun = (over: Partial<ActivityDetail> = {}) =>
  activityDetailFixture({
    author: { userId: 21, handleName: 'jonasrides', firstName: 'Jonas', lastName: 'Berg', profileImage: null },
    title: 'Tempo run',
    sportId: 5,
    distance: 8046.72,
    movingTime: 2400,
    elapsedTime: 2460,
    averageSpeed: 8046.72 / 2400,
    maxSpeed: 4.5,
    pacePerKm: 298.3,
    pacePerMile: 480,
    isOwner: false,
    hasHiddenParts: true,
    ...over,
  });

async function openActivity(detail: ActivityDetail, track?: ActivityTrack, onShare?: (id: number) => void, member: Parameters<typeof signedInMember>[0] = {}) {
  signedInMember(member);
  serveActivityPage(detail, track);
  const user = userEvent.setup();
  const view = await renderWithProviders(<ActivityDetailPage activityId={detail.id} onShare={onShare} />, { path: `/activities/${detail.id}` });
  await screen.findByRole('heading', { level: 1, name: detail.title });
  return { user, ...view };
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('ActivityDetailPage', () => {
  it('shows the owner who, what and when (on the clock where it happened), the figures in miles, zones and splits', async () => {
    await openActivity(ownRide());
    const article = screen.getByRole('article', { name: 'Flagstaff dawn loop' });
    expect(within(article).getByRole('link', { name: /Maya Torres/ })).toHaveAttribute('href', '/profile/mayatrails');
    expect(within(article).getByText('MTB')).toBeInTheDocument();
    expect(within(article).getByText('Sun 17 May 2026 · 7:30 AM')).toHaveAttribute('datetime', '2026-05-17T13:30:00.000Z');
    expect(within(article).getByText('Followers')).toBeInTheDocument();
    expect(within(article).getByText('Cold start, warm finish.')).toBeInTheDocument();

    expect(figure('Distance')).toHaveTextContent('20.00 mi');
    expect(figure('Moving time')).toHaveTextContent('1:30:00');
    expect(figure('Elapsed time')).toHaveTextContent('1:40:00');
    expect(figure('Average speed')).toHaveTextContent('13.3 mph');
    expect(figure('Max speed')).toHaveTextContent('31.3 mph');
    expect(figure('Climb')).toHaveTextContent('1,969 ft');
    expect(figure('Highest point')).toHaveTextContent('6,627 ft');
    expect(figure('Average heart rate')).toHaveTextContent('141 bpm');
    expect(figure('Calories (estimated from power)')).toHaveTextContent('812 kcal');
    // Only what the activity has.
    expect(screen.queryByText('Average power')).not.toBeInTheDocument();
    expect(screen.queryByText('Pace')).not.toBeInTheDocument();

    const zones = await screen.findByRole('region', { name: 'Heart-rate zones' });
    expect(within(zones).getByText('Zone 2 Endurance').closest('li')).toHaveTextContent('Zone 2 Endurance 114–132 bpm30m · 33%');
    expect(within(zones).getByText('Zone 5 Anaerobic').closest('li')).toHaveTextContent('171 bpm and up1m · 2%');

    const splits = screen.getByRole('region', { name: 'Splits per mile' });
    const rows = within(within(splits).getByRole('table')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('MileDistanceTimeSpeedElevationHeart rate');
    expect(rows[1]).toHaveTextContent('11.00 mi4:3013.3 mph+40 ft142 bpm');
    expect(rows[2]).toHaveTextContent('20.50 mi2:3012.0 mph-10 ft—none');
  });

  it('gives the owner Edit, the original file and Delete, Share as a post, and marks what others do not see', async () => {
    const onShare = vi.fn();
    const { user } = await openActivity(ownRide(), ownTrack(), onShare);
    await user.click(screen.getByRole('button', { name: 'Share as a post' }));
    expect(onShare).toHaveBeenCalledWith(901);

    await user.click(screen.getByRole('button', { name: 'Activity options' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download original file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const map = await screen.findByRole('list', { name: 'On the map' });
    expect(map).toHaveTextContent('muted line in 1 piece');
    expect(map).toHaveTextContent('route line in 1 piece');
    expect(within(map).getByText('Start at 10, 0')).toBeInTheDocument();
    expect(screen.getByText('Hidden from others (privacy zones).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy zone settings' })).toHaveAttribute('href', '/profile/privacy-zones');
    expect(screen.queryByText('Part of this track is hidden for privacy.')).not.toBeInTheDocument();
  });

  it('offers an owner who is an associate only what their owner allows: no Share as a post or Edit without the rights', async () => {
    const { user } = await openActivity(ownRide(), ownTrack(), vi.fn(), { managedBy: managedBy('comment') });
    expect(screen.queryByRole('button', { name: 'Share as a post' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activity options' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('gives anyone else the page with Report as its only option, in pace for a run, and says the track was shortened', async () => {
    const { user } = await openActivity(othersRun(), trackFixture(), vi.fn());
    expect(screen.getByRole('link', { name: /Jonas Berg/ })).toHaveAttribute('href', '/profile/jonasrides');
    expect(figure('Pace')).toHaveTextContent('8:00 /mi');
    expect(figure('Best pace')).toHaveTextContent('5:58 /mi');
    expect(screen.queryByText('Average speed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share as a post' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activity options' }));
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    serveReasons();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report this activity' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Part of this track is hidden for privacy.')).toBeInTheDocument();
    expect(screen.queryByText('Hidden from others (privacy zones).')).not.toBeInTheDocument();

    // The GPX, as the server gives it to this viewer (trimmed), under the server's name.
    const gpx = '<?xml version="1.0"?><gpx version="1.1"/>';
    server.use(
      http.get('/api/activity/901/gpx', () =>
        new HttpResponse(gpx, { headers: { 'content-type': 'application/gpx+xml', 'content-disposition': 'attachment; filename="tempo-run.gpx"' } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download GPX' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'tempo-run.gpx', text: gpx }]));
  });

  it('draws a chart per series with its range in words and its table, and the map’s marker follows the cursor', async () => {
    const { user } = await openActivity(ownRide(), ownTrack());
    const charts = await screen.findByRole('region', { name: 'Charts' });
    expect(within(charts).getByRole('img', { name: 'Elevation chart, from 5,577 ft to 5,577 ft over 1.2 mi.' })).toBeInTheDocument();
    expect(within(charts).getByRole('img', { name: 'Heart rate chart, from 140 bpm to 140 bpm over 1.2 mi.' })).toBeInTheDocument();
    await user.click(within(charts).getByRole('button', { name: 'Show heart rate as a table' }));
    expect(within(charts).getByRole('table', { name: 'Heart rate (bpm), the average over each 0.1 mi' })).toBeInTheDocument();

    const map = await screen.findByRole('list', { name: 'On the map' });
    await user.click(await within(charts).findByRole('button', { name: 'Point at the middle of the heart rate chart' }));
    expect(within(map).getByText('The place under the chart’s cursor at 10.009, 0')).toBeInTheDocument();
    await user.click(within(charts).getByRole('button', { name: 'Leave the heart rate chart' }));
    expect(within(map).queryByText(/The place under the chart’s cursor/)).not.toBeInTheDocument();
  });

  it('saves the owner’s edit: the page shows it at once, with the server’s words', async () => {
    const ride = ownRide();
    const { user } = await openActivity(ride);
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/activity', async ({ request }) => {
        const body = (await request.json()) as Partial<ActivityDetail>;
        bodies.push(body);
        return HttpResponse.json(ok({ ...ride, ...body }, 'Activity updated.'));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Activity options' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit activity' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give it a title.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(title, 'Gravel at dawn');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Sport' }), 'Road');
    await user.click(within(dialog).getByRole('radio', { name: /Only me/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Activity updated.')).toBeInTheDocument();
    expect(bodies).toEqual([{ id: 901, title: 'Gravel at dawn', description: 'Cold start, warm finish.', sportId: 34, visibility: 'only_me' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Gravel at dawn' });
    expect(within(article).getByText('Road')).toBeInTheDocument();
    expect(within(article).getByText('Only me')).toBeInTheDocument();
  });

  it('keeps what the owner typed when the server refuses it, with its words under the field', async () => {
    const { user } = await openActivity(ownRide());
    server.use(http.put('/api/activity', () => HttpResponse.json(fail(400, 'Check the form.', { title: ['That title is too long.'] }), { status: 400 })));
    await user.click(screen.getByRole('button', { name: 'Activity options' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit activity' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That title is too long.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Flagstaff dawn loop!');
  });

  it('deletes after the owner confirms, and leaves for the list with a toast', async () => {
    const { user } = await openActivity(ownRide());
    const bodies: unknown[] = [];
    server.use(
      http.delete('/api/activity', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ok({}));
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Activity options' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this activity?' })).getByRole('button', { name: 'Delete activity' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/activities');
    expect(await screen.findByText('Activity deleted.')).toBeInTheDocument();
    expect(bodies).toEqual([{ activityId: 901 }]);
  });

  it('gives kudos through /api/activity/like, with the reaction bar posts use', async () => {
    const { user } = await openActivity(ownRide());
    const bodies: unknown[] = [];
    server.use(
      // The answer is the activity as lists show it.
      http.post('/api/activity/like', async ({ request }) => {
        const body = (await request.json()) as { likeUniCode: ReactionCode };
        bodies.push(body);
        return HttpResponse.json(ok(activityFixture({ likes: { total: 1, mine: body.likeUniCode, byCode: [{ likeUniCode: body.likeUniCode, count: 1 }] } })));
      }),
    );
    const article = screen.getByRole('article', { name: 'Flagstaff dawn loop' });
    await user.click(within(article).getByRole('button', { name: 'Like, react with Love' }));
    await waitFor(() => expect(bodies).toEqual([{ activityId: 901, likeUniCode: 'U+2764' }]));
    expect(within(article).getByRole('button', { name: 'Your reaction: Love. Remove it' })).toHaveAttribute('aria-pressed', 'true');
  });
});
