// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteLinks } from '@/config/site-links';
import { SiteHeader, type SiteHeaderProps } from './site-header';

afterEach(cleanup);

function renderHeader(overrides: Partial<SiteHeaderProps> = {}) {
  render(
    <SiteHeader
      brandName="Harbour Vets"
      signedIn
      pathname="/"
      links={defaultSiteLinks}
      onSignIn={vi.fn()}
      onLogout={vi.fn()}
      onOpenDrawer={vi.fn()}
      {...overrides}
    />,
  );
}

describe("the header's practice name", () => {
  it('links the home practice’s name to Your practice, current on that page', () => {
    renderHeader({ practiceName: 'Willowbrook Vets Kendal', pathname: '/your-practice' });
    const link = screen.getByRole('link', { name: 'Your practice: Willowbrook Vets Kendal' });
    expect(link.getAttribute('href')).toBe('/your-practice');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('is not current elsewhere, and absent until the practice is known or when signed out', () => {
    renderHeader({ practiceName: 'Willowbrook Vets Kendal', pathname: '/pets' });
    expect(screen.getByRole('link', { name: /Your practice/ }).getAttribute('aria-current')).toBeNull();
    cleanup();
    renderHeader({ practiceName: null });
    expect(screen.queryByRole('link', { name: /Your practice/ })).toBeNull();
    cleanup();
    renderHeader({ signedIn: false, practiceName: 'Willowbrook Vets Kendal' });
    expect(screen.queryByRole('link', { name: /Your practice/ })).toBeNull();
  });
});
