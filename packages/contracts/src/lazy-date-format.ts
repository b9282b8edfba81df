/**
 * A date formatter made on first use and kept. A browser's first `Intl` formatter costs it 50–120 ms of
 * main thread at Lighthouse's 4× slower CPU (its locale and zone data); made where a module loads, that
 * lands in the task that starts the page, even on pages that format no date until their data comes, or
 * never (profiled on /pets, /pets/register, /appointments and /appointments/book).
 */
export function lazyDateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}
