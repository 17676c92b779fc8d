import { gunzipSync } from 'node:zlib';
import { fieldError } from '../../../lib/errors';
import { refuseDeclarations } from '../../../lib/safe-xml';
import { readGpxActivity } from '../../map-routes/gpx';
import type { ParsedActivity } from '../track/streams';
import { activityCaps } from './caps';
import { readFit } from './fit';
import { readTcx } from './tcx';

const unknownFormat = (fileName: string) =>
  fieldError(
    'file',
    /\.fit(\.gz)?$/i.test(fileName)
      ? 'This is not a FIT file we can read: its header is not a FIT header.'
      : 'This is not an activity file we can read: we take GPX, TCX and FIT files, each also gzipped.',
  );
const badGzip = () => fieldError('file', 'This gzip file is damaged or incomplete: it could not be unzipped.');
const noTimes = () =>
  fieldError(
    'file',
    'This file has no times: an activity needs the time of each point (a route or course without times can be imported as a route instead).',
  );

/**
 * The one way an activity file is read, whatever it is: a FIT, TCX or GPX file, each possibly gzipped (`.fit.gz`, as
 * Strava's bulk export holds them). The format is told by the content, not the name (a `.gpx` that is really a FIT
 * reads as a FIT); the name only words a refusal. Every cap is applied (ACTIVITY_FILE_MAX_BYTES once unzipped, a 413;
 * ACTIVITY_POINTS_MAX points), and a file whose points have no times is refused: an activity is a track in time.
 */
export function readActivityFile(bytes: Buffer, fileName: string): ParsedActivity {
  const content = isGzip(bytes) ? gunzip(bytes) : bytes;
  if (content.length > activityCaps.maxBytes) throw activityCaps.tooLarge();
  const activity = readByFormat(content, fileName);
  if (activity.streams.time.length === 0) throw noTimes();
  return activity;
}

function readByFormat(content: Buffer, fileName: string): ParsedActivity {
  // A FIT header: its size (12 or 14), then ".FIT" at bytes 8 to 11.
  if (content.length >= 12 && content.toString('latin1', 8, 12) === '.FIT') return readFit(content, activityCaps);
  const head = content.toString('utf8', 0, Math.min(content.length, 64 * 1024)).replace(/^\uFEFF/, '');
  switch (xmlRootName(head)) {
    case 'gpx':
      return readGpxActivity(content, activityCaps);
    case 'TrainingCenterDatabase':
      return readTcx(content, activityCaps);
    default:
      // A declaration this head could not step over is still refused for what it is.
      refuseDeclarations(head, 'XML');
      throw unknownFormat(fileName);
  }
}

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Unzips, stopping past the size cap rather than inflating all of it: a gzip bomb (kilobytes that inflate to
 * gigabytes) is refused as too large after reading the cap's worth, in milliseconds.
 */
function gunzip(bytes: Buffer): Buffer {
  try {
    return gunzipSync(bytes, { maxOutputLength: activityCaps.maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw activityCaps.tooLarge();
    throw badGzip();
  }
}

/**
 * The local name of the document's first element, read from the head of the file after the XML declaration,
 * processing instructions, comments and any DOCTYPE (which the readers then refuse), or null when it is not XML.
 */
function xmlRootName(head: string): string | null {
  const re = /\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)/y;
  let at = 0;
  while (re.test(head)) at = re.lastIndex;
  const root = /\s*<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/y;
  root.lastIndex = at;
  return root.exec(head)?.[1] ?? null;
}
