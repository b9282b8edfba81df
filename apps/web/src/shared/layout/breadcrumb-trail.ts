import { normalisePath } from './path-utils';

/** R2.15: the breadcrumb labels. */
export const breadcrumbLabels: Readonly<Record<string, string>> = {
  home: 'Dashboard',
  appointments: 'Your appointments',
  bills: 'Bills and estimates',
  pets: 'Your pets',
  'client-detail': 'Your details',
  complaints: 'Complaints',
  'contact-preferences': 'Contact preferences',
  'delete-account': 'Delete your online account',
  'your-data': 'Your data',
  'cash-submission': 'Cash submission',
  'drug-request': 'Drug request',
  'new-request': 'New',
  practices: 'Practice list',
  plans: 'Health plans',
  messages: 'Messages',
  join: 'Join a plan',
  'your-practice': 'Your practice',
  users: 'User list',
};

export interface Crumb {
  label: string;
  href: string;
  /** True for the crumb of the page being shown. */
  current: boolean;
}

/**
 * The trail for a path: Dashboard first, then one crumb per segment. A segment the table does not know
 * (a pet id, `register`) takes its name from `names` (e.g. `{ '42': 'Rex' }`) or is left out; a
 * supplied name also wins over the table.
 */
export function breadcrumbTrail(pathname: string, names: Readonly<Record<string, string>> = {}): Crumb[] {
  const path = normalisePath(pathname);
  const segments = path.split('/').filter(Boolean);
  const trail: Crumb[] = [{ label: breadcrumbLabels.home ?? 'Dashboard', href: '/', current: path === '/' }];
  segments.forEach((segment, index) => {
    const label = names[segment] ?? breadcrumbLabels[segment];
    if (!label) return;
    const href = `/${segments.slice(0, index + 1).join('/')}`;
    trail.push({ label, href, current: href === path });
  });
  return trail;
}
