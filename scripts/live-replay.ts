import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LIVE_AUDIENCES, type LiveAudience } from '../contract/live';
import { DEMO_PASSWORD } from '../server/demo/accounts';
import { runReplay } from '../server/modules/live/replay';

// `npm run live:replay -- <file.gpx> [--speed 10] [--url http://localhost:3000] [--email …] [--password …] [--save]`
// Replays an activity file as a live session against a running server (server/modules/live/replay.ts). Signs in as
// the demo member Priya unless told otherwise (the demo password is the published one in development).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '1' },
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 3000}` },
    email: { type: 'string', default: 'priya@demo.switchback.app' },
    password: { type: 'string', default: DEMO_PASSWORD },
    audience: { type: 'string', default: 'followers' },
    save: { type: 'boolean', default: false },
  },
});
const file = positionals[0];
const speed = Number(values.speed);
if (!file || !(speed > 0) || !(LIVE_AUDIENCES as readonly string[]).includes(values.audience)) {
  console.error('Usage: npm run live:replay -- <file.gpx|.fit|.tcx> [--speed 10] [--url http://localhost:3000] [--email e] [--password p] [--audience followers|chosen|contacts] [--save]');
  process.exit(2);
}
const done = await runReplay({
  baseUrl: values.url,
  email: values.email,
  password: values.password,
  file: { bytes: await readFile(file), name: path.basename(file) },
  speed,
  audience: values.audience as LiveAudience,
  save: values.save,
  log: (line) => console.log(line),
});
console.log(JSON.stringify(done));
