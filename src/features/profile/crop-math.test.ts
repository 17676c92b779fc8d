import { describe, expect, it } from 'vitest';
import { centredCrop, CROP_TARGETS, frameFor, MAX_ZOOM, outputSize, pan, sourceRect, zoomTo, type CropState, type Size } from './crop-math';

const photos: Record<string, Size> = {
  landscape: { width: 4000, height: 3000 },
  portrait: { width: 3024, height: 4032 },
  panorama: { width: 8000, height: 1200 },
  small: { width: 300, height: 200 },
};

const within = (rect: { x: number; y: number; width: number; height: number }, image: Size) => {
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.y).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(image.width + 1e-9);
  expect(rect.y + rect.height).toBeLessThanOrEqual(image.height + 1e-9);
};

describe('crop math', () => {
  for (const [target, { aspect, maxWidth }] of Object.entries(CROP_TARGETS)) {
    for (const [kind, image] of Object.entries(photos)) {
      it(`crops a ${kind} photo to exactly ${aspect}:1 for the ${target} image, inside the photo`, () => {
        const frame = frameFor(aspect);
        let state: CropState = centredCrop(image, frame);
        for (const step of [
          (s: CropState) => s,
          (s: CropState) => zoomTo(image, frame, s, 2.5),
          (s: CropState) => pan(image, frame, s, -10_000, 37),
          (s: CropState) => pan(image, frame, s, 10_000, -10_000),
          (s: CropState) => zoomTo(image, frame, s, 1),
        ]) {
          state = step(state);
          const rect = sourceRect(image, frame, state);
          expect(rect.width / rect.height).toBeCloseTo(aspect, 6);
          within(rect, image);
          const size = outputSize(rect, aspect, maxWidth);
          expect(size.width / size.height).toBe(aspect);
          expect(Number.isInteger(size.width) && Number.isInteger(size.height)).toBe(true);
          expect(size.width).toBeLessThanOrEqual(maxWidth);
          expect(size.width).toBeLessThanOrEqual(Math.ceil(rect.width));
        }
      });
    }
  }

  it('starts centred on the middle of the photo at zoom 1', () => {
    const frame = frameFor(1);
    const rect = sourceRect(photos.landscape!, frame, centredCrop(photos.landscape!, frame));
    expect(rect).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
  });

  it('zooms around the centre: a 2x zoom shows the middle half', () => {
    const frame = frameFor(1);
    const image = photos.landscape!;
    const rect = sourceRect(image, frame, zoomTo(image, frame, centredCrop(image, frame), 2));
    expect(rect.width).toBeCloseTo(1500);
    expect(rect.x).toBeCloseTo(1250);
    expect(rect.y).toBeCloseTo(750);
  });

  it('never lets the photo leave a gap: pans stop at the edges and zoom stays between 1 and the maximum', () => {
    const frame = frameFor(3);
    const image = photos.portrait!;
    const start = centredCrop(image, frame);
    expect(pan(image, frame, start, 500, 0)).toEqual(start); // a portrait photo fills a 3:1 frame's width already
    const top = pan(image, frame, start, 0, 1e6);
    expect(top.y).toBe(0);
    expect(sourceRect(image, frame, top).y).toBe(0);
    expect(zoomTo(image, frame, start, 99).zoom).toBe(MAX_ZOOM);
    expect(zoomTo(image, frame, start, 0.2).zoom).toBe(1);
  });

  it('never upscales a small photo', () => {
    const frame = frameFor(1);
    const image = photos.small!;
    const size = outputSize(sourceRect(image, frame, centredCrop(image, frame)), 1, 1024);
    expect(size).toEqual({ width: 200, height: 200 });
  });

  it('sends a cover at most 2400 x 800 and an avatar at most 1024 square', () => {
    const big = { width: 12_000, height: 9000 };
    const cover = frameFor(3);
    const avatar = frameFor(1);
    expect(outputSize(sourceRect(big, cover, centredCrop(big, cover)), 3, CROP_TARGETS.cover.maxWidth)).toEqual({ width: 2400, height: 800 });
    expect(outputSize(sourceRect(big, avatar, centredCrop(big, avatar)), 1, CROP_TARGETS.profile.maxWidth)).toEqual({ width: 1024, height: 1024 });
  });
});
