/**
 * The offline style's land and borders come as vector tiles from the app's own `world://{z}/{x}/{y}` URLs, cut in a
 * worker (world-shapes-worker.ts) and handed to MapLibre through its custom protocol hook (libre-map.tsx).
 */
export const WORLD_TILES_URL = 'world://{z}/{x}/{y}';
/** Natural Earth at 1:50m holds no more detail past this zoom: deeper tiles are drawn from these. */
export const WORLD_MAX_ZOOM = 6;

export type WorldTileAsk = { id: number; z: number; x: number; y: number };
export type WorldTileAnswer = { id: number; tile: ArrayBuffer } | { id: number; error: string };

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve(tile: ArrayBuffer): void; reject(error: Error): void }>();

/** The one worker that holds the world's shapes; it starts fetching them as soon as it runs. */
export function startWorldTiles() {
  if (worker) return worker;
  worker = new Worker(new URL('./world-shapes-worker.ts', import.meta.url), { type: 'module', name: 'world-shapes' });
  worker.onmessage = ({ data }: MessageEvent<WorldTileAnswer>) => {
    const ask = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) ask?.reject(new Error(data.error));
    else ask?.resolve(data.tile);
  };
  // A worker that could not start answers nothing: fail what waits (MapLibre logs it and draws the rest) and start
  // afresh on the next ask.
  worker.onerror = (event) => {
    for (const ask of waiting.values()) ask.reject(new Error(event.message || 'The world map data could not be loaded.'));
    waiting.clear();
    worker = undefined;
  };
  return worker;
}

/** The protobuf bytes of one tile. */
export function worldTile(url: string): Promise<ArrayBuffer> {
  const match = /^world:\/\/(\d+)\/(\d+)\/(\d+)$/.exec(url);
  if (!match) return Promise.reject(new Error(`Not a world tile: ${url}`));
  const tiles = startWorldTiles();
  const id = nextId++;
  const [, z, x, y] = match.map(Number) as [number, number, number, number];
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    tiles.postMessage({ id, z, x, y } satisfies WorldTileAsk);
  });
}
