// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkbox, ChoiceLabel, Radio } from './choice';

afterEach(cleanup);

describe('Radio, Checkbox and ChoiceLabel', () => {
  it('are native inputs named by their label text, which checks them too', () => {
    const onChange = vi.fn();
    render(
      <>
        <ChoiceLabel control={<Radio name="sex" value="Female" onChange={onChange} />} label="Female" />
        <ChoiceLabel control={<Checkbox name="email" />} label="E-mail" />
      </>,
    );
    const radio = screen.getByRole('radio', { name: 'Female' });
    const checkbox = screen.getByRole('checkbox', { name: 'E-mail' });
    fireEvent.click(screen.getByText('Female'));
    expect(radio).toHaveProperty('checked', true);
    expect(onChange).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByText('E-mail'));
    expect(checkbox).toHaveProperty('checked', true);
    // The check mark is drawn for the eye only.
    expect(checkbox.nextElementSibling?.getAttribute('aria-hidden')).toBe('true');
  });
});
