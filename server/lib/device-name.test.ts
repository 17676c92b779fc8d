import { describe, expect, it } from 'vitest';
import { deviceName } from './device-name';

// "Where you're signed in" names each device as its member would (issue 19 item 9).
describe('deviceName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
  ])('%s → %s', (agent, name) => {
    expect(deviceName(agent, 1)).toBe(name);
  });

  it('names the app when the agent says nothing known', () => {
    expect(deviceName('Switchback/3.2 (iPhone; iOS 18.1)', 2)).toBe('Switchback for iOS on iPhone');
    expect(deviceName('okhttp/4.12.0', 3)).toBe('Switchback for Android');
    expect(deviceName(undefined, 1)).toBe('Web browser');
  });
});
