// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollableTabs } from './scrollable-tabs';

afterEach(cleanup);

const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday'];

function Days({ onSelect, initial = 1 }: { onSelect: (index: number) => void; initial?: number }) {
  const [selected, setSelected] = useState(initial);
  return (
    <ScrollableTabs
      label="Days"
      selected={selected}
      onSelect={(index) => {
        onSelect(index);
        setSelected(index);
      }}
      panelId="panel"
      tabs={names.map((name, index) => ({
        id: `day-${index}`,
        label: name.slice(0, 3),
        accessibleName: name,
      }))}
    />
  );
}

function renderDays(initial?: number) {
  const onSelect = vi.fn();
  render(<Days onSelect={onSelect} initial={initial} />);
  return onSelect;
}

const selectedName = () => screen.getByRole('tab', { selected: true }).getAttribute('aria-label');
const focusedName = () => document.activeElement?.getAttribute('aria-label');

describe('ScrollableTabs', () => {
  it('is a named tab list whose tabs control the panel, with one Tab stop: the selected tab', () => {
    renderDays();
    const tablist = screen.getByRole('tablist', { name: 'Days' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.every((tab) => tablist.contains(tab))).toBe(true);
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual(names);
    expect(tabs.map((tab) => tab.getAttribute('aria-controls'))).toEqual(names.map(() => 'panel'));
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(selectedName()).toBe('Tuesday');
    expect(tabs[1]?.id).toBe('day-1');
  });

  it('moves the focus and the selection with the arrow keys, wrapping, and to the ends with Home and End', () => {
    const onSelect = renderDays();
    const press = (key: string) => fireEvent.keyDown(document.activeElement as Element, { key });
    screen.getByRole('tab', { selected: true }).focus();
    press('ArrowRight');
    expect([selectedName(), focusedName()]).toEqual(['Wednesday', 'Wednesday']);
    press('End');
    expect([selectedName(), focusedName()]).toEqual(['Thursday', 'Thursday']);
    press('ArrowRight');
    expect([selectedName(), focusedName()]).toEqual(['Monday', 'Monday']);
    press('ArrowLeft');
    expect([selectedName(), focusedName()]).toEqual(['Thursday', 'Thursday']);
    press('Home');
    expect([selectedName(), focusedName()]).toEqual(['Monday', 'Monday']);
    expect(onSelect.mock.calls.map(([index]) => index as number)).toEqual([2, 3, 0, 3, 0]);
    // The new selection is the Tab stop.
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('leaves other keys alone and selects a clicked tab', () => {
    const onSelect = renderDays();
    const tab = screen.getByRole('tab', { selected: true });
    tab.focus();
    expect(fireEvent.keyDown(tab, { key: 'ArrowDown' })).toBe(true);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Thursday' }));
    expect(selectedName()).toBe('Thursday');
  });

  it('keeps its scroll arrows out of the Tab order and away from screen readers', () => {
    const { container } = render(<Days onSelect={vi.fn()} />);
    const hidden = container.querySelectorAll('div[aria-hidden="true"]');
    expect(hidden).toHaveLength(2);
    for (const arrow of hidden) {
      expect(arrow.querySelector('button, [tabindex]')).toBeNull();
      expect(arrow.getAttribute('tabindex')).toBeNull();
    }
  });
});
