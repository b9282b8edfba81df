import { describe, expect, it } from 'vitest';
import { synonymParts } from './synonym-parts.ts';

describe('synonymParts', () => {
  it('gives the names VeNom packs into one synonym, the text before the brackets first', () => {
    expect(synonymParts('Westie (or Westy)')).toEqual(['Westie', 'Westy']);
    expect(synonymParts('Crossbreed (Mongrel) (Batard)')).toEqual(['Crossbreed', 'Mongrel', 'Batard']);
    expect(synonymParts('Chorkie ( Yorkie-Chi, Chiyorkie, Yorkiewawa )')).toEqual([
      'Chorkie',
      'Yorkie-Chi',
      'Chiyorkie',
      'Yorkiewawa',
    ]);
    expect(synonymParts('Sprocker (Springer x Cocker; Cocker Springer)')).toEqual([
      'Sprocker',
      'Springer x Cocker',
      'Cocker Springer',
    ]);
  });

  it('leaves out notes, and a name one of the others already is', () => {
    expect(synonymParts('Akita (unspecified)')).toEqual(['Akita']);
    expect(synonymParts('Alsatian (Dog)')).toEqual(['Alsatian']);
    expect(synonymParts('Cocker Spaniel (in USA)')).toEqual(['Cocker Spaniel']);
    expect(synonymParts('Flatte (Sweden)')).toEqual(['Flatte']);
    expect(synonymParts('Cavachi ( Chilier, Cava-Chi )')).toEqual(['Cavachi', 'Chilier']);
  });

  it("keeps a VeNom term's qualifier after its comma", () => {
    expect(synonymParts('Brittany, French ( Spaniel - Brittany, French )')).toEqual([
      'Brittany, French',
      'Spaniel - Brittany, French',
    ]);
    expect(synonymParts('Komondor ( Sheepdog - Hungarian, Sheepdog - Komondor )')).toEqual([
      'Komondor',
      'Sheepdog - Hungarian',
      'Sheepdog - Komondor',
    ]);
  });

  it("gives nothing for a variety, whose first text is the breed's", () => {
    expect(synonymParts('Chihuahua (Long Coat)')).toEqual([]);
    expect(synonymParts('Basset Griffon Vendeen (Grand)')).toEqual([]);
    expect(synonymParts('Fox Terrier (Wire)')).toEqual([]);
  });

  it('leaves whole a synonym without brackets, or with brackets inside the name or inside others', () => {
    expect(synonymParts('Staffy')).toEqual([]);
    expect(synonymParts('Hungarian (Magyar) Vizsla, Smooth-Haired')).toEqual([]);
    expect(synonymParts('Shepherd Dog - German (Alsatian) (German Shepherd Dog (Alsatian) (GSD))')).toEqual(
      [],
    );
    expect(synonymParts('English Cocker Spaniel (British breed')).toEqual([]);
  });
});
