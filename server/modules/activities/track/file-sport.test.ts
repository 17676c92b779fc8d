import { describe, expect, it } from 'vitest';
import { sportIdOf } from './file-sport';

const MTB = 53;
const EBIKE = 37;
const ROAD = 34;
const HIKING = 35;
const RUNNING = 5;
const WALKING = 54;
const OTHER = 59;

describe('sportIdOf', () => {
  it.each([
    ['cycling', ROAD],
    ['e_biking', EBIKE],
    ['running', RUNNING],
    ['hiking', HIKING],
    ['walking', WALKING],
    ['mountaineering', HIKING],
    ['swimming', OTHER],
    ['cross_country_skiing', OTHER],
    ['training', OTHER],
  ])('reads a FIT sport: %s', (sport, id) => {
    expect(sportIdOf(sport)).toBe(id);
  });

  it.each([
    ['cycling', 'mountain', MTB],
    ['cycling', 'road', ROAD],
    ['cycling', 'gravel_cycling', ROAD],
    ['cycling', 'indoor_cycling', ROAD],
    ['cycling', 'virtual_activity', ROAD],
    ['cycling', 'e_bike_mountain', EBIKE],
    ['e_biking', 'e_bike_mountain', EBIKE],
    ['e_biking', 'mountain', EBIKE],
    ['running', 'trail', RUNNING],
    ['running', 'treadmill', RUNNING],
    ['running', 'virtual_activity', RUNNING],
    ['walking', 'treadmill', WALKING],
    ['hiking', 'generic', HIKING],
    ['fitness_equipment', 'treadmill', RUNNING],
    ['fitness_equipment', 'indoor_cycling', ROAD],
    ['fitness_equipment', 'elliptical', OTHER],
    ['fitness_equipment', 'yoga_flow', OTHER],
    ['generic', 'indoor_cycling', ROAD],
    ['alpine_skiing', 'downhill', OTHER],
  ])('reads a FIT sport with its sub-sport: %s / %s', (sport, subSport, id) => {
    expect(sportIdOf(sport, subSport)).toBe(id);
  });

  it.each([
    ['running', RUNNING],
    ['biking', ROAD],
    ['other', OTHER],
  ])('reads a TCX Sport: %s', (sport, id) => {
    expect(sportIdOf(sport)).toBe(id);
  });

  it.each([
    // Strava
    ['1', ROAD],
    ['9', RUNNING],
    ['4', HIKING],
    ['10', WALKING],
    ['cycling', ROAD],
    ['running', RUNNING],
    ['ride', ROAD],
    ['run', RUNNING],
    // Garmin Connect
    ['road_biking', ROAD],
    ['mountain_biking', MTB],
    ['hiking', HIKING],
    ['trail_running', RUNNING],
    // Komoot
    ['touringbicycle', ROAD],
    ['racebike', ROAD],
    ['mtb', MTB],
    ['e_mtb', EBIKE],
    ['e_touringbicycle', EBIKE],
    ['hike', HIKING],
    ['jogging', RUNNING],
    ['mountaineering', HIKING],
  ])('reads a GPX <type> as the readers give it (lower-cased): %s', (type, id) => {
    expect(sportIdOf(type)).toBe(id);
  });

  it.each([
    ['Ride', ROAD],
    ['Run', RUNNING],
    ['Hike', HIKING],
    ['Walk', WALKING],
    ['E-Bike Ride', EBIKE],
    ['E-Mountain Bike Ride', EBIKE],
    ['Mountain Bike Ride', MTB],
    ['Gravel Ride', ROAD],
    ['Virtual Ride', ROAD],
    ['Trail Run', RUNNING],
    ['Virtual Run', RUNNING],
    ['Workout', OTHER],
    ['Swim', OTHER],
    ['Alpine Ski', OTHER],
  ])('reads a Strava export’s Activity Type as written: %s', (type, id) => {
    expect(sportIdOf(type)).toBe(id);
  });

  it('ignores case, spaces, dashes and underscores, however a source spells them', () => {
    for (const spelling of ['mountain_biking', 'Mountain Biking', 'MOUNTAIN-BIKING', ' mountainbiking ', 'mountain__biking']) {
      expect(sportIdOf(spelling)).toBe(MTB);
    }
    expect(sportIdOf('E_Bike-Ride')).toBe(EBIKE);
  });

  it('gives null for no sport, an empty one, FIT’s generic, or one it does not know, so the member’s first sport is used', () => {
    expect(sportIdOf(null)).toBeNull();
    expect(sportIdOf(null, null)).toBeNull();
    expect(sportIdOf('')).toBeNull();
    expect(sportIdOf('   ')).toBeNull();
    expect(sportIdOf('generic')).toBeNull();
    expect(sportIdOf('generic', 'generic')).toBeNull();
    expect(sportIdOf('unicycling')).toBeNull();
    expect(sportIdOf('99')).toBeNull();
    // A sub-sport alone still says it, when the sport is missing or unknown.
    expect(sportIdOf(null, 'e_bike_mountain')).toBe(EBIKE);
    expect(sportIdOf('unicycling', 'trail')).toBe(RUNNING);
    // An unknown sub-sport leaves the sport as it is.
    expect(sportIdOf('cycling', 'unicycle')).toBe(ROAD);
  });

  it('does not read a name inherited from an object as a sport', () => {
    expect(sportIdOf('constructor')).toBeNull();
    expect(sportIdOf('toString')).toBeNull();
    expect(sportIdOf('cycling', '__proto__')).toBe(ROAD);
  });
});
