// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Container } from './container';

afterEach(cleanup);

describe('Container', () => {
  it('gives a page’s main column room above and below only when asked, on top of the gutters', () => {
    render(
      <>
        <Container maxWidth="lg" spacing="page" data-testid="page" />
        <Container maxWidth="lg" spacing="roomy" data-testid="roomy" />
        <Container maxWidth="xl" as="header" data-testid="plain" />
      </>,
    );
    const padding = (id: string) => {
      const style = getComputedStyle(screen.getByTestId(id));
      return [style.paddingTop, style.paddingLeft];
    };
    expect(padding('page')).toEqual(['24px', '16px']);
    expect(padding('roomy')).toEqual(['32px', '16px']);
    expect(padding('plain')).toEqual(['0', '16px']); // no rule sets it: the initial value, as jsdom writes it
    expect(screen.getByTestId('plain').tagName).toBe('HEADER');
  });
});
