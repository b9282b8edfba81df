import { describe, expect, it } from 'vitest';
import { buildVboBreeds } from './vbo-breeds.ts';
import { parseVboTemplate } from './vbo-templates.ts';

/** A ROBOT template as VBO writes them: header, template strings, then terms (a merge over three rows). */
const template = [
  [
    'vbo_id',
    'term_label',
    'breed_name_to_be_used_for_label',
    'species_to_be_used_for_label',
    'parent_ID',
    'most_common_name',
    'synonym_1',
    'xref5_venom',
    'source_for_breed_kc',
    'obsolete',
    'replacement_term',
  ],
  [
    'ID',
    'LABEL',
    '',
    '',
    'SC %',
    'A oboInOwl:hasExactSynonym',
    'A oboInOwl:hasExactSynonym SPLIT=|',
    'A oboInOwl:hasDbXref SPLIT=|',
    '',
    'AT owl:deprecated^^xsd:boolean',
    'AI IAO:0100001',
  ],
  [
    'VBO:1',
    'German Shepherd Dog (Dog)',
    'German Shepherd Dog',
    'Dog',
    'NCBITaxon:9615',
    'German Shepherd Dog',
    'Alsatian|GSD|Cocker',
    'VeNom:14796',
    '',
    '',
    '',
  ],
  ['VBO:2', 'Pug, Fawn (Dog)', 'Pug, Fawn', 'Dog', 'VBO:3', 'Pug, Fawn', '', '', '', '', ''],
  ['VBO:3', 'Pug (Dog)', 'Pug', 'Dog', 'NCBITaxon:9615', 'Pug', '', '', 'https://kc', '', ''],
  ['VBO:4', 'Bull Mastiff (Dog)', 'Bull Mastiff', 'Dog', 'NCBITaxon:9615', '', '', 'VeNom:14399', '', '', ''],
  [
    'VBO:5',
    'Bullmastiff (Dog)',
    'Bullmastiff',
    'Dog',
    'NCBITaxon:9615',
    '',
    'Gamekeeper Night Dog',
    '',
    'https://kc',
    '',
    '',
  ],
  ['VBO:6', 'obsolete Alsatian Wolf (Dog)', 'Alsatian Wolf', 'Dog', '', '', '', '', '', 'true', 'VBO:1'],
  ['VBO:1', '', 'Alsatian Wolf', 'Dog', '', 'Alsatian Wolf', '', '', '', '', ''],
  [
    'VBO:7',
    'Cocker Spaniel (Dog)',
    'Cocker Spaniel',
    'Dog',
    'NCBITaxon:9615',
    '',
    'Cocker',
    'VeNom:1',
    '',
    '',
    '',
  ],
  ['VBO:8', 'Serval (Cat)', 'Serval', 'Cat', 'NCBITaxon:9685', '', '', '', '', '', ''],
  ['VBO:9', 'Lionhead Dwarf (Rabbit)', 'Lionhead Dwarf', 'Rabbit', 'NCBITaxon:9986', '', '', '', '', '', ''],
]
  .map((row) => row.join('\t'))
  .join('\n');

describe('buildVboBreeds', () => {
  const { breeds } = buildVboBreeds(parseVboTemplate(template));
  const byCode = new Map(breeds.map((b) => [b.code, b]));

  it('keeps dogs with a VeNom code or of The Kennel Club, every rabbit, and no unrecognised cat', () => {
    expect([...byCode.keys()].sort()).toEqual(['VBO:1', 'VBO:3', 'VBO:4', 'VBO:6', 'VBO:7', 'VBO:9']);
  });

  it('keeps VeNom codes, and exact synonyms from every row of the term, but not one two breeds claim', () => {
    expect(byCode.get('VBO:1')).toMatchObject({
      species: 'Canine',
      name: 'German Shepherd Dog',
      codes: ['VeNom:14796'],
      synonyms: ['Alsatian', 'GSD', 'Alsatian Wolf'],
    });
    expect(byCode.get('VBO:7')?.synonyms).toEqual([]);
  });

  it('joins two terms of one name but for spacing, the one with a VeNom code keeping its name', () => {
    expect(byCode.get('VBO:4')).toMatchObject({ name: 'Bull Mastiff', codes: ['VBO:5', 'VeNom:14399'] });
    expect(byCode.get('VBO:4')?.synonyms).toContain('Gamekeeper Night Dog');
    expect(byCode.has('VBO:5')).toBe(false);
  });

  it('maps an obsolete term merged into a kept one to it', () => {
    expect(byCode.get('VBO:6')).toMatchObject({ name: 'Alsatian Wolf', replacedBy: 'VBO:1' });
  });
});
