// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorScreen } from './error-screen';

afterEach(cleanup);

describe('ErrorScreen', () => {
  it("shows 'Oops' and a 'Try Again' link to the retry path", () => {
    render(<ErrorScreen retryPath="/pets" />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/pets');
  });
});
