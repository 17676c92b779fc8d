// Member search is accent- and case-insensitive on PGlite and PostgreSQL alike, without the unaccent extension (not
// available everywhere) and without relying on the database's locale (lower() under the C locale only folds ASCII).
// The rule is one function, `searchFold` (NFD, drop combining marks, lowercase), applied in JS to what a member types;
// the database keeps `users.search_text`, a generated column made with translate() from a table that this file
// computes from the very same function, so both sides fold the same way. Covered: Latin-1 Supplement, Latin
// Extended-A/B and Latin Extended Additional (every accented Latin letter); other scripts are only ASCII-lowercased
// by the database (TODO if members search in Greek or Cyrillic: extend RANGES).

/** `%`, `_` and `\` typed by a member match themselves in a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How search text is compared: 'José Ñúñez' -> 'jose nunez'. */
export function searchFold(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const RANGES: [number, number][] = [
  [0x00c0, 0x024f],
  [0x1e00, 0x1eff],
];

function translateTable() {
  let from = '';
  let to = '';
  for (const [start, end] of RANGES) {
    for (let cp = start; cp <= end; cp++) {
      const ch = String.fromCodePoint(cp);
      const folded = searchFold(ch);
      if (folded.length === 1 && folded !== ch) {
        from += ch;
        to += folded;
      }
    }
  }
  return { from, to };
}

/** The SQL expression folding `expr` like `searchFold` (for the characters in RANGES and ASCII). */
export function searchFoldSql(expr: string) {
  const { from, to } = translateTable();
  // Neither string holds a quote or a backslash (letters only), so they are safe as literals.
  return `lower(translate(${expr}, '${from}', '${to}'))`;
}
