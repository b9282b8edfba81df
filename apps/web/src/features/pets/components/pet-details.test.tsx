// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { buildPet } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it } from 'vitest';
import { PetDetails } from './pet-details';

afterEach(cleanup);

/** The value the details list gives for `term`. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PetDetails', () => {
  it('writes the sex the practice recorded, and "Not recorded" when its system has none', () => {
    render(<PetDetails pet={buildPet({ sex: 'Female' })} today="2026-11-26" />);
    expect(detail('Sex')).toBe('Female');
    cleanup();
    render(<PetDetails pet={buildPet({ sex: 'Unknown' })} today="2026-11-26" />);
    expect(detail('Sex')).toBe('Not recorded');
  });
});
