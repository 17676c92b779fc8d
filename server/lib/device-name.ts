/**
 * The name a member recognises a sign-in by in "Where you're signed in", from the User-Agent at sign-in: "Chrome on
 * Linux", "Safari on iPhone", or the app's platform when the agent says nothing known. Only the browser families and
 * systems people name are told apart; a full parser (bowser, ua-parser-js) is not a dependency of this project, and
 * this label needs none of their versions and engines.
 */
const BROWSERS: readonly [RegExp, string][] = [
  // Order matters: Edge, Opera, Samsung Internet and Firefox on iOS all also claim Chrome or Safari.
  [/\bEdgA?\/|\bEdg\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  // Headless Chrome names itself HeadlessChrome: still Chrome to whoever reads the list.
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const APPS: Record<number, string> = { 1: 'Web browser', 2: 'Switchback for iOS', 3: 'Switchback for Android' };

const first = (list: readonly [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** Only the agent's first 512 characters are read: the names sit near its start, and the rest may be anything. */
export function deviceName(userAgent: string | undefined, deviceType: number): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `${APPS[deviceType] ?? 'Device'} on ${system}`;
  return APPS[deviceType] ?? 'Unknown device';
}
