// A hashed file of the app itself (same origin, cached for a year), fetched only by pages that show a map.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { worldTileCutter, type Countries } from './world-tile-cutter';
import type { WorldTileAnswer, WorldTileAsk } from './world-tiles';

/**
 * The offline style's land and borders as vector tiles, cut in this worker: it fetches Natural Earth's 1:50m
 * countries once and answers each tile asked for as protobuf bytes (transferred, not copied). The page's thread only
 * passes bytes along. Handed to MapLibre as GeoJSON instead, the ~1 MB of shapes was copied to its worker and back on
 * the page's thread: a third of a second at 4x CPU (bench:scroll).
 */

// The worker's global, typed by what is used of it (the project's types are the page's, not a worker's).
const scope = self as unknown as {
  postMessage(message: WorldTileAnswer, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorldTileAsk>) => void) | null;
  location: Location;
};

let cutter: Promise<ReturnType<typeof worldTileCutter>> | undefined;
async function load() {
  const res = await fetch(new URL(countriesUrl, scope.location.href));
  if (!res.ok) throw new Error(`The world map data could not be loaded (${res.status}).`);
  return worldTileCutter((await res.json()) as Countries);
}

function tiles() {
  cutter ??= load().catch((error: unknown) => {
    cutter = undefined; // the next tile asks again
    throw error;
  });
  return cutter;
}
// Fetched as the worker starts (with the map engine), not when the first tile is asked.
tiles().catch(() => {});

scope.onmessage = ({ data: { id, z, x, y } }) => {
  tiles().then(
    (cut) => {
      const tile = cut(z, x, y);
      scope.postMessage({ id, tile }, [tile]);
    },
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : 'The world map data could not be loaded.' }, []),
  );
};
