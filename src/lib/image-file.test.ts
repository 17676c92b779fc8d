import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, IMAGE_FORMATS, IMAGE_WRONG_TYPE } from '#contract/media';
import { imageFileProblem } from './image-file';

// Issue 19 item 8: the picker's `accept` and its "wrong type" message come from one list, so they name the same formats.
describe('image formats: the picker and its message agree', () => {
  it('accepts every extension the message names, and the message names every format accepted', () => {
    expect(IMAGE_ACCEPT).toBe('.png,.jpg,.jpeg,.gif,.webp');
    expect(IMAGE_WRONG_TYPE).toBe('Choose a PNG, JPEG, GIF or WebP image.');
    for (const format of IMAGE_FORMATS) {
      expect(IMAGE_WRONG_TYPE).toContain(format.name);
      for (const ext of format.extensions) expect(imageFileProblem({ name: `trail${ext.toUpperCase()}`, size: 1000 })).toBeNull();
    }
  });

  it('refuses a file the picker does not offer with that message', () => {
    expect(imageFileProblem({ name: 'route.svg', size: 1000 })).toBe(IMAGE_WRONG_TYPE);
    expect(imageFileProblem({ name: 'photo.heic', size: 1000 })).toBe(IMAGE_WRONG_TYPE);
  });
});
