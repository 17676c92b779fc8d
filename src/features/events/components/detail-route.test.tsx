import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { signedInMember } from '../../../test/session';
import { anEvent, aRoute } from '../test-helpers';
import { DetailRoute } from './detail-route';

// An event's page (issue 19): directions to the meeting point, and the route as a GPX file.

const saved = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../../lib/save-file', () => ({
  saveFile: async (blob: Blob, name: string) => saved.push({ name, text: await blob.text() }),
}));

describe('DetailRoute', () => {
  it('links Directions to the meeting point on OpenStreetMap and in the phone’s map app', async () => {
    signedInMember();
    await renderWithProviders(<DetailRoute event={anEvent({ eventName: 'Dawn loop', latitude: 40.015, longitude: -105.2705, route: null })} />);
    const directions = screen.getByRole('link', { name: /^Directions/ });
    expect(directions).toHaveAttribute('href', 'https://www.openstreetmap.org/directions?route=%3B40.015%2C-105.2705#map=15/40.015/-105.2705');
    expect(directions).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Open in maps app' })).toHaveAttribute('href', 'geo:40.015,-105.2705?q=40.015,-105.2705(Dawn%20loop)');
    // No route: nothing to download.
    expect(screen.queryByRole('button', { name: 'Download GPX' })).not.toBeInTheDocument();
  });

  it('downloads the route’s GPX file with the session, under the name the server gives', async () => {
    signedInMember();
    const gpx = '<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="40" lon="-105"/></trkseg></trk></gpx>';
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/route/801/route.gpx', ({ request }) => {
        asked.push(request.headers.get('authorization'));
        return new HttpResponse(gpx, { headers: { 'content-type': 'application/gpx+xml', 'content-disposition': 'attachment; filename="flagstaff-loop.gpx"' } });
      }),
    );
    const user = userEvent.setup();
    await renderWithProviders(<DetailRoute event={anEvent({ latitude: null, longitude: null, route: aRoute() })} />);
    expect(screen.queryByRole('link', { name: /^Directions/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download GPX' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'flagstaff-loop.gpx', text: gpx }]));
    expect(asked).toEqual([expect.stringMatching(/^Bearer /)]);
  });
});
