import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail';
import { drawerPets } from './drawer-pets';
import { isHeaderHidden } from './header-visibility';
import { navCurrent } from './nav-current';
import { pageBackground } from './page-background';

describe('isHeaderHidden', () => {
  it.each([
    '/guest/complete',
    '/guest',
    '/maintenance',
    '/auth0/callback',
    '/something/auth0',
    '/registration',
    '/registration/',
    '/registration/step-2',
    '/registration?practice=4',
  ])('hides the header on %s', (path) => {
    expect(isHeaderHidden(path)).toBe(true);
  });

  it.each(['/', '/pets', '/registration-new', '/client-routing', '/verified', '/appointments/book'])(
    'shows the header on %s',
    (path) => {
      expect(isHeaderHidden(path)).toBe(false);
    },
  );
});

describe('pageBackground', () => {
  it.each([
    '/pets',
    '/pets/',
    '/pets/42',
    '/client-detail',
    '/client-detail/contact-preferences',
    '/appointments',
    '/appointments?practice=3',
  ])('is light grey on %s', (path) => {
    expect(pageBackground(path)).toBe('#F8F8F8');
  });

  it.each([
    '/',
    '/pets/register',
    '/pets/42/edit',
    '/appointments/book',
    '/client-detail/other',
    '/verified',
  ])('is white on %s', (path) => {
    expect(pageBackground(path)).toBe('#FFFFFF');
  });
});

describe('breadcrumbTrail', () => {
  it('starts at Dashboard and labels known segments from the table', () => {
    expect(breadcrumbTrail('/client-detail/contact-preferences')).toEqual([
      { label: 'Dashboard', href: '/', current: false },
      { label: 'Your details', href: '/client-detail', current: false },
      { label: 'Contact preferences', href: '/client-detail/contact-preferences', current: true },
    ]);
  });

  it('is Dashboard alone on /', () => {
    expect(breadcrumbTrail('/')).toEqual([{ label: 'Dashboard', href: '/', current: true }]);
  });

  it('names an unknown segment from the names given, such as a pet id', () => {
    expect(breadcrumbTrail('/pets/42?tab=1', { '42': 'Rex' })).toEqual([
      { label: 'Dashboard', href: '/', current: false },
      { label: 'Your pets', href: '/pets', current: false },
      { label: 'Rex', href: '/pets/42', current: true },
    ]);
  });

  it('leaves out unknown segments without a name, so no crumb claims to be the current page', () => {
    const trail = breadcrumbTrail('/pets/42');
    expect(trail.map((crumb) => crumb.label)).toEqual(['Dashboard', 'Your pets']);
    expect(trail.some((crumb) => crumb.current)).toBe(false);
  });

  it('knows every label of R2.15', () => {
    const labels = breadcrumbTrail('/practices/users/cash-submission/drug-request/new-request/appointments');
    expect(labels.map((crumb) => crumb.label)).toEqual([
      'Dashboard',
      'Practice list',
      'User list',
      'Cash submission',
      'Drug request',
      'New',
      'Your appointments',
    ]);
  });
});

describe('drawerPets', () => {
  const pet = (petId: number) => ({ petId, name: `Pet ${petId}` });

  it('is empty with no pets, or while they are unknown', () => {
    expect(drawerPets([])).toEqual({ shown: [], seeAll: false, empty: true });
    expect(drawerPets(undefined)).toEqual({ shown: [], seeAll: false, empty: true });
  });

  it('shows one pet', () => {
    expect(drawerPets([pet(1)])).toEqual({ shown: [pet(1)], seeAll: false, empty: false });
  });

  it('shows three pets without See All', () => {
    expect(drawerPets([pet(1), pet(2), pet(3)])).toEqual({
      shown: [pet(1), pet(2), pet(3)],
      seeAll: false,
      empty: false,
    });
  });

  it('shows See All when the total says there are more than the three given', () => {
    expect(drawerPets([pet(1), pet(2), pet(3)], 5)).toEqual({
      shown: [pet(1), pet(2), pet(3)],
      seeAll: true,
      empty: false,
    });
    expect(drawerPets([pet(1), pet(2), pet(3)], 3).seeAll).toBe(false);
  });

  it('shows the first three in the order given, and See All, with four or more', () => {
    expect(drawerPets([pet(9), pet(2), pet(5), pet(1), pet(7)])).toEqual({
      shown: [pet(9), pet(2), pet(5)],
      seeAll: true,
      empty: false,
    });
  });
});

describe('navCurrent', () => {
  it('marks the page itself, the section around a sub-page, and Dashboard only on /', () => {
    expect(navCurrent('/pets', '/pets')).toBe('page');
    expect(navCurrent('/pets/42', '/pets')).toBe('true');
    expect(navCurrent('/pets-other', '/pets')).toBeUndefined();
    expect(navCurrent('/', '/')).toBe('page');
    expect(navCurrent('/pets', '/')).toBeUndefined();
  });
});
