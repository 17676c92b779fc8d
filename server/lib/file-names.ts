/**
 * File names made from what members typed, safe in a Content-Disposition header and as a zip entry: accents dropped
 * (`é` is `e`, not a dash), anything else outside ASCII letters, digits and dashes turned into dashes.
 */

/** A lower-case slug of `name` (at most 60 characters), or '' when nothing of it is left. */
export function fileSlug(name: string) {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}

/** A file's own name kept as it was (case, dots, extension) with the same characters only; `fallback` when none is left. */
export function safeFileName(name: string | null, fallback: string) {
  const safe = (name ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100);
  return safe || fallback;
}
