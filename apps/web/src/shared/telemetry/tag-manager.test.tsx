// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentGate } from '@/shared/cookie-consent/consent-gate';
import { recordConsent } from '@/shared/cookie-consent/consent-store';
import { TagManager } from './tag-manager';

afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
  document.querySelectorAll('script').forEach((script) => script.remove());
  delete window.dataLayer;
});

const tagScripts = () =>
  Array.from(document.querySelectorAll('script')).filter((s) =>
    s.src.startsWith('https://www.googletagmanager.com/'),
  );

function renderGated() {
  return render(
    <ConsentGate>
      <TagManager containerId="GTM-AB12CD3" />
    </ConsentGate>,
  );
}

describe('TagManager behind ConsentGate', () => {
  it('loads nothing before consent, then the container once consent is given', () => {
    renderGated();
    expect(tagScripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();

    act(() => recordConsent());

    expect(tagScripts().map((s) => s.src)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3',
    ]);
    expect(window.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
  });

  it('adds the script only once per page, however often it mounts', () => {
    document.cookie = 'OptanonConsent=true; Path=/';
    renderGated().unmount();
    renderGated();
    expect(tagScripts()).toHaveLength(1);
  });
});
