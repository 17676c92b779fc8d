import type { LngLat } from '#contract/map-routes';

/**
 * The static preview of a route for cards (spec §3 `staticImage`): the line on a plain land-coloured ground, fitted
 * and padded, a green dot at the start and a red one at the end. No map tiles: it needs no provider and shows no
 * more than the route itself.
 *
 * It is drawn here, pixel by pixel (anti-aliased), and only encoded by sharp from raw pixels. Drawing it as SVG would
 * need libvips' SVG loader, which the media pipeline keeps blocked in this process on purpose (image-pipeline.ts,
 * check 15): no uploaded SVG can ever reach a decoder.
 */
export const PREVIEW_WIDTH = 640;
export const PREVIEW_HEIGHT = 360;
const PADDING = 28;

type Rgb = readonly [number, number, number];
const LAND: Rgb = [233, 238, 224];
const WHITE: Rgb = [255, 255, 255];
const LINE: Rgb = [234, 88, 12];
const START: Rgb = [22, 163, 74];
const END: Rgb = [220, 38, 38];

/**
 * The preview as raw RGB pixels, PREVIEW_WIDTH × PREVIEW_HEIGHT: one line, or several pieces of one (an activity's
 * track cut where it passes through a privacy zone), fitted together; the start dot on the first piece's first point,
 * the end dot on the last piece's last.
 */
export function drawRoutePreview(pieces: readonly (readonly LngLat[])[]): Buffer {
  const W = PREVIEW_WIDTH;
  const H = PREVIEW_HEIGHT;
  const px = fitToCanvas(pieces.flat(), W, H, PADDING);
  const casing = new Float32Array(W * H);
  const line = new Float32Array(W * H);
  const box = { x0: W, y0: H, x1: -1, y1: -1 };
  let at = 0;
  for (const piece of pieces) {
    for (let i = at + 1; i < at + piece.length; i++) stroke(W, H, px[i - 1]!, px[i]!, casing, line, box);
    at += piece.length;
  }
  const first = px[0]!;
  const last = px.at(-1)!;
  // Each layer is laid over what is under it in turn, in floating point, and rounded once at the end; a layer is
  // walked only where it has coverage (the line's box, a disc's square): the whole canvas once, not once a layer.
  const rgb = new Float64Array(W * H * 3);
  for (let p = 0; p < W * H; p++) rgb.set(LAND, p * 3);
  if (box.x1 >= 0) {
    paint(rgb, W, casing, WHITE, box);
    paint(rgb, W, line, LINE, box);
  }
  for (const [c, r, colour] of [
    [last, 8.5, WHITE],
    [last, 6, END],
    [first, 8.5, WHITE],
    [first, 6, START],
  ] as const) {
    const square = discBox(W, H, c, r);
    paint(rgb, W, disc(W, c, r, square), colour, square);
  }
  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(rgb[i]!);
  return out;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Lays `colour` over `rgb` with the coverage `cov` (W wide), inside `box` only. */
function paint(rgb: Float64Array, W: number, cov: Float32Array, [cr, cg, cb]: Rgb, box: Box) {
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const p = y * W + x;
      const a = cov[p]!;
      if (a <= 0) continue;
      const i = p * 3;
      rgb[i] = rgb[i]! + (cr - rgb[i]!) * a;
      rgb[i + 1] = rgb[i + 1]! + (cg - rgb[i + 1]!) * a;
      rgb[i + 2] = rgb[i + 2]! + (cb - rgb[i + 2]!) * a;
    }
  }
}

/** Pixel positions of the points: Web Mercator (longitudes unwrapped), fitted into the canvas inside `pad`, centred. */
function fitToCanvas(points: readonly LngLat[], W: number, H: number, pad: number): [number, number][] {
  let lng = points[0]?.[0] ?? 0;
  const merc = points.map(([rawLng, lat], i) => {
    if (i > 0) {
      let d = rawLng - points[i - 1]![0];
      if (d > 180) d -= 360;
      else if (d < -180) d += 360;
      lng += d;
    }
    const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
    return [(lng * Math.PI) / 180, Math.log(Math.tan(Math.PI / 4 + phi / 2))] as const;
  });
  const xs = merc.map((m) => m[0]);
  const ys = merc.map((m) => m[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(spanX > 0 ? (W - 2 * pad) / spanX : Infinity, spanY > 0 ? (H - 2 * pad) / spanY : Infinity);
  const s = Number.isFinite(scale) ? scale : 0;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  // Screen y grows downwards, Mercator y northwards.
  return merc.map(([x, y]) => [W / 2 + (x - cx) * s, H / 2 - (y - cy) * s]);
}

const clamp01 = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

/** The casing's and the line's half-widths, px. */
const CASING_HW = 4.5;
const LINE_HW = 2.5;

/**
 * Adds a round-capped stroke from `a` to `b` to the casing's and the line's coverage maps, taking the max so overlaps
 * do not darken, and grows `box` to hold it. Walks the segment's long axis and covers only a band around the line: the
 * cost grows with the segment's length, not its bounding box.
 */
function stroke(W: number, H: number, a: [number, number], b: [number, number], casing: Float32Array, line: Float32Array, box: Box) {
  const [ax, ay] = a;
  const [bx, by] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const reach = CASING_HW + 1;
  const band = reach * Math.SQRT2 + 1;
  const coverPixel = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const qx = x + 0.5 - ax;
    const qy = y + 0.5 - ay;
    const t = len2 > 0 ? clamp01((qx * dx + qy * dy) / len2) : 0;
    const ex = qx - t * dx;
    const ey = qy - t * dy;
    const d = Math.sqrt(ex * ex + ey * ey);
    if (d >= reach) return;
    const i = y * W + x;
    const c = clamp01(CASING_HW + 0.5 - d);
    if (c > casing[i]!) casing[i] = c;
    const l = clamp01(LINE_HW + 0.5 - d);
    if (l > line[i]!) line[i] = l;
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  };
  if (Math.abs(dx) >= Math.abs(dy)) {
    const from = Math.max(0, Math.floor(Math.min(ax, bx) - reach));
    const to = Math.min(W - 1, Math.ceil(Math.max(ax, bx) + reach));
    for (let x = from; x <= to; x++) {
      const t = dx !== 0 ? clamp01((x + 0.5 - ax) / dx) : 0;
      const cy = ay + t * dy;
      for (let y = Math.floor(cy - band); y <= Math.ceil(cy + band); y++) coverPixel(x, y);
    }
  } else {
    const from = Math.max(0, Math.floor(Math.min(ay, by) - reach));
    const to = Math.min(H - 1, Math.ceil(Math.max(ay, by) + reach));
    for (let y = from; y <= to; y++) {
      const t = clamp01((y + 0.5 - ay) / dy);
      const cx = ax + t * dx;
      for (let x = Math.floor(cx - band); x <= Math.ceil(cx + band); x++) coverPixel(x, y);
    }
  }
}

/** The pixels a disc of radius `r` around `c` may cover, inside the canvas. */
function discBox(W: number, H: number, c: [number, number], r: number): Box {
  return { x0: Math.max(0, Math.floor(c[0] - r - 1)), y0: Math.max(0, Math.floor(c[1] - r - 1)), x1: Math.min(W - 1, Math.ceil(c[0] + r + 1)), y1: Math.min(H - 1, Math.ceil(c[1] + r + 1)) };
}

/** Coverage of a filled, anti-aliased disc of radius `r` around `c`, over the canvas (W wide), set inside `box`. */
function disc(W: number, c: [number, number], r: number, box: Box) {
  const cov = new Float32Array(W * (box.y1 + 1));
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) cov[y * W + x] = clamp01(r + 0.5 - Math.hypot(x + 0.5 - c[0], y + 0.5 - c[1]));
  }
  return cov;
}
