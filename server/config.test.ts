import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// Issue 17 item 14: a production server never starts with the demo world (and its published password) by default.

describe('DEMO', () => {
  it('is on by default in development and tests', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(true);
  });

  it('is off by default in production, also when left blank as in .env.example', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '' }).demo).toBe(false);
  });

  it('follows DEMO when it is set', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO: '0' }).demo).toBe(false);
    expect(() => loadConfig({ DEMO: 'yes' })).toThrow(/DEMO: use 1 or 0/);
  });
});

// Issue 19 item 16: the demo world's password is public, so a start with no HOST serves this machine only.
describe('HOST', () => {
  it('is the loopback address unless HOST says otherwise, also when left blank as in .env.example', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
