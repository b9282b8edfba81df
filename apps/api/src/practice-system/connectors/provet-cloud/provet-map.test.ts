import { describe, expect, it } from 'vitest';
import { speciesName } from './provet-map.ts';

describe('Provet Cloud: a patient’s species as the portal’s lists name it', () => {
  it('takes the name before the bracket, as usage_examples.html answers species 22001', () => {
    expect(speciesName('Dog (Canine - Domestic)')).toBe('Dog');
    expect(speciesName('Cat (Feline - Domestic)')).toBe('Cat');
    expect(speciesName('  Guinea Pig  (Cavia porcellus) ')).toBe('Guinea Pig');
  });

  it('passes a text without a bracketed description on whole, for the matcher to resolve or report', () => {
    expect(speciesName('Rabbit')).toBe('Rabbit');
    expect(speciesName('Bearded dragon')).toBe('Bearded dragon');
    // Nothing before the bracket, or a bracket that does not end the text: no name to take.
    expect(speciesName('(Canine)')).toBe('(Canine)');
    expect(speciesName('Dog (Canine) mix')).toBe('Dog (Canine) mix');
  });
});
