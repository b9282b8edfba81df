// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import buttonStyles from '@/shared/ui/button.module.css';
import skeletonStyles from '@/shared/ui/skeleton.module.css';
import { AppAlert } from './app-alert';
import alertStyles from './app-alert.module.css';
import { GridWrapper } from './grid-wrapper';
import { LoadingSpinner } from './loading-spinner';
import { PracticeUnavailableAlert } from './practice-unavailable-alert';
import { StatusChip } from './status-chip';
import { TextButton } from './text-button';
import { TitleCard } from './title-card';

afterEach(cleanup);

describe('LoadingSpinner', () => {
  it("is a status named 'Loading', 50vh high by default", () => {
    render(<LoadingSpinner />);
    const status = screen.getByRole('status', { name: 'Loading' });
    // jsdom (30+) computes lengths in pixels, as browsers do: half its window's height.
    expect(getComputedStyle(status).height).toBe(`${window.innerHeight / 2}px`);
  });

  it('takes a height, such as 500px on the redirect screens', () => {
    render(<LoadingSpinner height="500px" />);
    expect(getComputedStyle(screen.getByRole('status', { name: 'Loading' })).height).toBe('500px');
  });
});

describe('GridWrapper', () => {
  it('shows 3 skeletons 118 high and a loading status while loading', () => {
    render(
      <GridWrapper loading loadingLabel="Loading pets">
        <p>Rex</p>
      </GridWrapper>,
    );
    const skeletons = document.querySelectorAll(`.${skeletonStyles.root}`);
    expect(skeletons).toHaveLength(3);
    skeletons.forEach((skeleton) => expect(getComputedStyle(skeleton).height).toBe('118px'));
    expect(screen.getByRole('status').textContent).toBe('Loading pets');
    expect(screen.queryByText('Rex')).toBeNull();
  });

  it('shows the children in a grid once loaded', () => {
    render(
      <GridWrapper loading={false}>
        <p>Rex</p>
        <p>Tabitha</p>
      </GridWrapper>,
    );
    expect(document.querySelectorAll(`.${skeletonStyles.root}`)).toHaveLength(0);
    const grid = screen.getByText('Rex').parentElement as HTMLElement;
    expect(getComputedStyle(grid).display).toBe('grid');
    expect(Array.from(grid.children, (child) => child.textContent)).toEqual(['Rex', 'Tabitha']);
  });
});

describe('StatusChip', () => {
  it('is text in a pill, 32 high, outlined or filled, and 24 high when small (R9.14)', () => {
    render(
      <>
        <StatusChip label="Deceased" variant="outlined" />
        <StatusChip label="Online registration unavailable" size="small" />
      </>,
    );
    const outlined = screen.getByText('Deceased').parentElement as HTMLElement;
    const small = screen.getByText('Online registration unavailable').parentElement as HTMLElement;
    expect(outlined.tagName).toBe('SPAN');
    expect(outlined.getAttribute('role')).toBeNull();
    expect(getComputedStyle(outlined).height).toBe('32px');
    expect(getComputedStyle(outlined).borderStyle).toBe('solid');
    expect(getComputedStyle(outlined).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    expect(getComputedStyle(small).height).toBe('24px');
    expect(getComputedStyle(small).borderStyle).toBe('none');
    // The theme's "selected" grey, rgba(0, 0, 0, 0.08) (global.css; jsdom does not resolve variables).
    expect(getComputedStyle(small).backgroundColor).toBe('var(--action-selected)');
  });
});

describe('TitleCard and TextButton', () => {
  it('renders the page title as its h1, with a subtitle', () => {
    render(<TitleCard title="Your pets" subtitle="Everyone registered with us" />);
    const title = screen.getByRole('heading', { level: 1, name: 'Your pets' });
    expect(title.tagName).toBe('H1');
    expect(title.nextElementSibling?.textContent).toBe('Everyone registered with us');
  });

  it('renders a text-style button that clicks', () => {
    const onClick = vi.fn();
    render(<TextButton onClick={onClick}>Change practice</TextButton>);
    const button = screen.getByRole('button', { name: 'Change practice' });
    expect(button.className).toContain(buttonStyles.text);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });
});

describe('AppAlert', () => {
  it.each([
    ['success', 'status'],
    ['info', 'status'],
    ['warning', 'alert'],
    ['error', 'alert'],
  ] as const)('shows a %s alert with role %s', (severity, role) => {
    render(<AppAlert severity={severity}>Message</AppAlert>);
    expect(screen.getByRole(role).textContent).toContain('Message');
  });

  it("has a close button whose text is 'Close' when closable", () => {
    const onClose = vi.fn();
    render(
      <AppAlert severity="info" title="Saved" onClose={onClose}>
        Your preferences were saved.
      </AppAlert>,
    );
    const alert = screen.getByRole('status');
    expect(alert.querySelector(`.${alertStyles.title}`)?.textContent).toBe('Saved');
    expect(alert.textContent).toContain('Your preferences were saved.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('has no close button otherwise', () => {
    render(<AppAlert severity="error">Failed</AppAlert>);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('PracticeUnavailableAlert', () => {
  it('says registration is unavailable and offers a tap-to-call link', () => {
    render(<PracticeUnavailableAlert practicePhone="01632 960456" />);
    const alert = screen.getByTestId('alertBox-practice');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Online registration is currently unavailable for this practice.');
    expect(alert.textContent).toContain('Please call the practice on 01632 960456');
    expect(screen.getByRole('link', { name: '01632 960456' }).getAttribute('href')).toBe('tel:01632960456');
  });
});
