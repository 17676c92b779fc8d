import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActivityImport } from '#contract/activities';
import { fail, ok } from '../../../test/fixtures';
import { gate } from '../../../test/gate';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { importFixture, importOutcomeFixture, serveSummary, summaryFixture } from '../test-helpers';
import { ActivityImporter } from './activity-importer';
import { ActivitySummary } from './activity-summary';

const file = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name);

/**
 * Answers the uploads in the order they arrive (jsdom's XHR hands msw the files without their names) with
 * `uploads[i]`, and each import's status with the next of its answers, the last one repeated. Keeps how many
 * uploads were asked for.
 */
function serveImports(uploads: (() => Response)[], statuses: Record<number, ActivityImport[]>) {
  let arrived = 0;
  const polls: Record<number, number> = {};
  server.use(
    http.post('/api/activity/import', async () => uploads[arrived++]!()),
    http.get('/api/activity/import/:importId', ({ params }) => {
      const id = Number(params.importId);
      const answers = statuses[id]!;
      polls[id] = (polls[id] ?? 0) + 1;
      return HttpResponse.json(ok(answers[Math.min(polls[id] - 1, answers.length - 1)]));
    }),
  );
  return { uploads: () => arrived, polls };
}

const queued = (id: number, fileName: string) => () => HttpResponse.json(ok(importFixture({ id, fileName, status: 'queued' })));

async function renderImporter() {
  signedInMember();
  const summaries = serveSummary(() => summaryFixture('week'));
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <>
      <ActivityImporter />
      <ActivitySummary owner={{}} />
    </>,
    { path: '/activities' },
  );
  await screen.findByRole('heading', { name: 'This week' });
  return { user, summaries, ...view };
}

const rowOf = (name: string) => screen.getByText(name, { selector: 'span' }).closest('li')!;

describe('ActivityImporter', () => {
  it('reads each picked file and says what became of each activity in it, with links', async () => {
    serveImports([queued(71, 'ride.gpx'), queued(72, 'export.zip')], {
      71: [
        importFixture({ id: 71, status: 'processing' }),
        importFixture({ id: 71, status: 'done', outcomes: [importOutcomeFixture({ fileName: 'ride.gpx', activityId: 901, title: 'Morning ride' })] }),
      ],
      72: [
        importFixture({
          id: 72,
          fileName: 'export.zip',
          status: 'done',
          outcomes: [
            importOutcomeFixture({ fileName: 'activities/1.fit', activityId: 902, title: 'Evening run' }),
            importOutcomeFixture({ fileName: 'activities/2.gpx', outcome: 'duplicate', activityId: 877, title: 'Lunch hike' }),
            importOutcomeFixture({ fileName: 'activities/3.tcx', outcome: 'refused', activityId: null, title: null, reason: 'The file ends before its last lap: it looks cut short.' }),
          ],
        }),
      ],
    });
    const { user, summaries } = await renderImporter();
    const asked = summaries.length;

    await user.upload(screen.getByLabelText('Choose files'), [file('ride.gpx', 3 * 1024 * 1024), file('export.zip')]);
    expect(rowOf('ride.gpx')).toHaveTextContent('3 MB');
    expect(rowOf('export.zip')).toHaveTextContent('2 kB');

    const zip = rowOf('export.zip');
    expect(await within(zip).findByRole('link', { name: 'Evening run' }, { timeout: 5000 })).toHaveAttribute('href', '/activities/902');
    expect(zip).toHaveTextContent('activities/1.fit: Imported Evening run');
    expect(within(zip).getByRole('link', { name: 'Lunch hike' })).toHaveAttribute('href', '/activities/877');
    expect(zip).toHaveTextContent('activities/2.gpx: Already imported Lunch hike');
    expect(zip).toHaveTextContent('activities/3.tcx: Refused: The file ends before its last lap: it looks cut short.');
    expect(within(zip).getByRole('status')).toHaveTextContent('export.zip: 1 imported, 1 already imported, 1 refused.');

    const ride = rowOf('ride.gpx');
    expect(await within(ride).findByText('Reading…')).toBeInTheDocument();
    expect(await within(ride).findByRole('link', { name: 'Morning ride' }, { timeout: 5000 })).toHaveAttribute('href', '/activities/901');
    expect(ride).toHaveTextContent('Imported Morning ride');
    expect(within(ride).getByRole('status')).toHaveTextContent('ride.gpx: 1 imported.');
    // New activities: the summary is asked for again.
    await waitFor(() => expect(summaries.length).toBeGreaterThan(asked));

    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('list', { name: 'Files to import' })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the server’s reason on the row of a file refused on upload, or refused whole once read', async () => {
    serveImports(
      [
        () => HttpResponse.json(fail(413, 'That file is over 50 MB, the most one activity file may be.'), { status: 413 }),
        () => HttpResponse.json(fail(415, 'That is not a GPX, TCX, FIT or zip file.'), { status: 415 }),
        queued(73, 'broken.zip'),
      ],
      { 73: [importFixture({ id: 73, fileName: 'broken.zip', status: 'failed', message: 'The zip is damaged: it could not be opened.' })] },
    );
    const { summaries } = await renderImporter();
    const asked = summaries.length;
    // Dropped on the zone, several at once; one at a time keeps the order the server answers in.
    const zone = screen.getByText('Drop GPX, TCX or FIT files here, or a zip of them').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [file('huge.fit')], types: ['Files'] } });
    await waitFor(() => expect(rowOf('huge.fit')).toHaveTextContent('huge.fit2 kBRefused: That file is over 50 MB, the most one activity file may be.'));
    expect(within(rowOf('huge.fit')).getByRole('status')).toHaveTextContent('huge.fit was refused: That file is over 50 MB, the most one activity file may be.');

    fireEvent.drop(zone, { dataTransfer: { files: [file('notes.txt')], types: ['Files'] } });
    await waitFor(() => expect(rowOf('notes.txt')).toHaveTextContent('Refused: That is not a GPX, TCX, FIT or zip file.'));

    fireEvent.drop(zone, { dataTransfer: { files: [file('broken.zip')], types: ['Files'] } });
    await waitFor(() => expect(rowOf('broken.zip')).toHaveTextContent('Refused: The zip is damaged: it could not be opened.'), { timeout: 5000 });
    expect(within(rowOf('broken.zip')).getByRole('status')).toHaveTextContent('broken.zip was refused: The zip is damaged: it could not be opened.');
    // Nothing new came in: the log is not asked for again, and no toast repeats what the rows say.
    expect(summaries.length).toBe(asked);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  }, 20_000);

  it('stops asking about an import the server refuses to answer for, says so, and lets the row be cleared', async () => {
    let polls = 0;
    server.use(
      http.post('/api/activity/import', () => HttpResponse.json(ok(importFixture({ id: 74, fileName: 'lost.gpx', status: 'queued' })))),
      http.get('/api/activity/import/:importId', () => {
        polls++;
        return HttpResponse.json(fail(404, 'That import does not exist.'), { status: 404 });
      }),
    );
    const { user } = await renderImporter();
    await user.upload(screen.getByLabelText('Choose files'), [file('lost.gpx')]);
    await waitFor(() => expect(rowOf('lost.gpx')).toHaveTextContent('Unknown: Could not check on it: That import does not exist.'), { timeout: 5000 });
    expect(rowOf('lost.gpx')).not.toHaveTextContent('Trying again');
    const asked = polls;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(polls).toBe(asked);
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('list', { name: 'Files to import' })).not.toBeInTheDocument();
  }, 20_000);

  it('uploads two files at a time, each with its own progress bar, the rest waiting their turn', async () => {
    const held = gate();
    let arrived = 0;
    server.use(
      http.post('/api/activity/import', async () => {
        const id = 80 + arrived++;
        await held.opened;
        return HttpResponse.json(ok(importFixture({ id, status: 'done', outcomes: [importOutcomeFixture({ activityId: id, title: `Ride ${id}` })] })));
      }),
    );
    const { user } = await renderImporter();
    await user.upload(screen.getByLabelText('Choose files'), [file('a.gpx'), file('b.gpx'), file('c.gpx')]);

    expect(await screen.findByRole('progressbar', { name: 'Uploading a.gpx' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading b.gpx' })).toBeInTheDocument();
    expect(rowOf('c.gpx')).toHaveTextContent('Waiting to upload…');
    await waitFor(() => expect(arrived).toBe(2));

    held.open();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Ride 8\d$/ })).toHaveLength(3));
    expect(arrived).toBe(3);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  }, 20_000);
});
