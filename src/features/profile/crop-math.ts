/**
 * The geometry of the in-browser crop, kept free of the DOM so it can be tested (jsdom has no canvas).
 *
 * The crop frame is a fixed-size box in "frame units" with the target aspect ratio; the canvas shows exactly the
 * frame, scaled by CSS. The photo is drawn at `scale = cover * zoom`, where `cover` is the smallest scale at which it
 * fills the frame, and its top-left corner sits at (x, y) in frame units. The photo always covers the whole frame,
 * so the exported image never has empty edges.
 */
export type Size = { width: number; height: number };
export type CropState = { zoom: number; x: number; y: number };
export type Rect = { x: number; y: number; width: number; height: number };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** What each image is cropped to: a square avatar, a 3:1 cover; the largest size worth sending. */
export const CROP_TARGETS = {
  profile: { aspect: 1, maxWidth: 1024, label: 'profile photo' },
  cover: { aspect: 3, maxWidth: 2400, label: 'cover image' },
} as const;
export type CropTarget = keyof typeof CROP_TARGETS;

/** The frame for an aspect ratio: 600 units wide for a cover, 480 for a square. */
export function frameFor(aspect: number): Size {
  const width = aspect >= 2 ? 600 : 480;
  return { width, height: width / aspect };
}

/** The scale at zoom 1: the photo just covers the frame. */
export function coverScale(image: Size, frame: Size) {
  return Math.max(frame.width / image.width, frame.height / image.height);
}

const scaleOf = (image: Size, frame: Size, zoom: number) => coverScale(image, frame) * zoom;

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(zoom) ? zoom : MIN_ZOOM));

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Keeps the photo covering the frame: its edges may not come inside the frame's. */
export function clampPosition(image: Size, frame: Size, state: CropState): CropState {
  const zoom = clampZoom(state.zoom);
  const scale = scaleOf(image, frame, zoom);
  return {
    zoom,
    x: clamp(state.x, frame.width - image.width * scale, 0),
    y: clamp(state.y, frame.height - image.height * scale, 0),
  };
}

/** The starting crop: zoom 1, the photo centred. */
export function centredCrop(image: Size, frame: Size): CropState {
  const scale = scaleOf(image, frame, MIN_ZOOM);
  return clampPosition(image, frame, {
    zoom: MIN_ZOOM,
    x: (frame.width - image.width * scale) / 2,
    y: (frame.height - image.height * scale) / 2,
  });
}

/** Moves the photo by (dx, dy) frame units (a drag, or an arrow key), as far as it can go. */
export function pan(image: Size, frame: Size, state: CropState, dx: number, dy: number): CropState {
  return clampPosition(image, frame, { ...state, x: state.x + dx, y: state.y + dy });
}

/** Zooms to `zoom` around the frame's centre, so what the member is looking at stays in the middle. */
export function zoomTo(image: Size, frame: Size, state: CropState, zoom: number): CropState {
  const next = clampZoom(zoom);
  const ratio = next / clampZoom(state.zoom);
  const cx = frame.width / 2;
  const cy = frame.height / 2;
  return clampPosition(image, frame, { zoom: next, x: cx - (cx - state.x) * ratio, y: cy - (cy - state.y) * ratio });
}

/** The part of the photo, in its own pixels, that the frame shows: what gets exported. */
export function sourceRect(image: Size, frame: Size, state: CropState): Rect {
  const { zoom, x, y } = clampPosition(image, frame, state);
  const scale = scaleOf(image, frame, zoom);
  const width = Math.min(image.width, frame.width / scale);
  const height = Math.min(image.height, frame.height / scale);
  return {
    x: clamp(-x / scale, 0, image.width - width),
    y: clamp(-y / scale, 0, image.height - height),
    width,
    height,
  };
}

/**
 * The exported image's size: the crop's own pixels (never upscaled) up to `maxWidth`, with whole pixels in exactly
 * the target aspect ratio.
 */
export function outputSize(rect: Rect, aspect: number, maxWidth: number): Size {
  const width = Math.min(maxWidth, rect.width);
  const height = Math.max(1, Math.floor(width / aspect));
  return { width: Math.round(height * aspect), height };
}
