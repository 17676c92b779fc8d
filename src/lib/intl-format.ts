/**
 * Intl formatters, made once per locale and options and kept. Making one costs far more than formatting with it
 * (ICU loads locale data): a feed card built three per render, and scrolling a feed spent most of its script time
 * there (bench:scroll).
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(kind: string, locale: string | undefined, options: object, make: () => T): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options)}`;
  let f = made.get(key) as T | undefined;
  if (!f) made.set(key, (f = make()));
  return f;
}

/** `locale` undefined is the browser's. A time zone the engine does not know throws, as the constructor does. */
export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  kept('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = (locale: string | undefined, options: Intl.RelativeTimeFormatOptions) =>
  kept('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions) =>
  kept('number', locale, options, () => new Intl.NumberFormat(locale, options));
