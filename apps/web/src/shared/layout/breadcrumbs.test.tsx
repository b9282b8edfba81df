// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Breadcrumbs } from './breadcrumbs';

afterEach(cleanup);

function renderCrumbs(pathname: string, names?: Record<string, string>) {
  render(<Breadcrumbs pathname={pathname} names={names} />);
}

describe('Breadcrumbs', () => {
  it('links the ancestors and marks the last item as the current page', () => {
    renderCrumbs('/client-detail/contact-preferences');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Your details', '/client-detail'],
    ]);
    const current = within(nav).getByText('Contact preferences');
    expect(current.getAttribute('aria-current')).toBe('page');
    // A list of the three; the slashes between them are not read out.
    expect(within(nav).getAllByRole('listitem')).toHaveLength(3);
    expect(nav.textContent).toBe('Dashboard/Your details/Contact preferences');
  });

  it("names a pet's page from the names given", () => {
    renderCrumbs('/pets/42', { '42': 'Rex' });
    expect(screen.getByText('Rex').getAttribute('aria-current')).toBe('page');
  });

  it('renders nothing on the dashboard', () => {
    renderCrumbs('/');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });
});
