import { describe, expect, it } from 'vitest';
import { fileSlug, safeFileName } from './file-names';

describe('file names from what members typed', () => {
  it('slugs a title: accents dropped, the rest dashes, trimmed, at most 60 characters', () => {
    expect(fileSlug('Col de la Croix-de-Fer: départ à 6h!')).toBe('col-de-la-croix-de-fer-depart-a-6h');
    expect(fileSlug('🚵‍♀️')).toBe('');
    expect(fileSlug('a'.repeat(80))).toHaveLength(60);
  });

  it('keeps a file’s own name and extension, with its accents dropped rather than turned into dashes', () => {
    expect(safeFileName('Café Ride.gpx', 'activity')).toBe('Cafe-Ride.gpx');
    expect(safeFileName('../../etc/passwd', 'activity')).toBe('etc-passwd');
    expect(safeFileName(null, 'activity')).toBe('activity');
    expect(safeFileName('...', 'activity')).toBe('activity');
  });
});
