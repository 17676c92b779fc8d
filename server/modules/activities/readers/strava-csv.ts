/** What Strava's `activities.csv` says about one activity file; a field Strava left empty is absent. */
export type StravaActivityMeta = { title?: string; sport?: string; description?: string; gear?: string };

/**
 * Rows of an RFC 4180 CSV: fields split by commas, rows by CRLF or LF; a quoted field may hold commas, newlines and
 * doubled quotes. Lenient where Strava's file could be odd (a stray quote inside a bare field stays as text, an
 * unclosed quote runs to the end) rather than losing every title over one bad byte. A leading BOM is dropped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // Whether the current row has begun: a last row of just `""` is a row of one empty field.
  let begun = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
    begun = false;
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    begun = true;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRow();
      i++;
    } else field += c;
  }
  // The last row, unless the file ended with its newline.
  if (begun) endRow();
  return rows;
}

/**
 * Strava's bulk export index: each activity's `Filename` (as `activities/1234567890.fit.gz`, relative to the CSV) to
 * its name, type, description and gear. Strava repeats some headers (two "Distance", two "Elapsed Time"), so each
 * column is found by its first occurrence. Rows without a file (manual entries) are left out.
 */
export function readStravaCsv(text: string): Map<string, StravaActivityMeta> {
  const [header, ...rows] = parseCsv(text);
  const byFile = new Map<string, StravaActivityMeta>();
  if (!header) return byFile;
  const column = (name: string) => header.findIndex((h) => h.trim() === name);
  const file = column('Filename');
  if (file < 0) return byFile;
  const fields = { title: column('Activity Name'), sport: column('Activity Type'), description: column('Activity Description'), gear: column('Activity Gear') };
  for (const row of rows) {
    const fileName = row[file]?.trim();
    if (!fileName) continue;
    const meta: StravaActivityMeta = {};
    for (const [key, at] of Object.entries(fields) as [keyof StravaActivityMeta, number][]) {
      const value = at < 0 ? '' : (row[at]?.trim() ?? '');
      if (value) meta[key] = value;
    }
    byFile.set(fileName, meta);
  }
  return byFile;
}
