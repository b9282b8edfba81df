/**
 * The Vertebrate Breed Ontology's ROBOT templates (src/ontology/components/*.tsv of
 * github.com/monarch-initiative/vertebrate-breed-ontology, CC BY 4.0): a header row, a row of ROBOT
 * template strings saying what each column becomes in the ontology, then one row per term. A term may
 * span several rows of one ID (a merge's rows add the merged term's label as a synonym): they are joined.
 */

export interface VboTerm {
  id: string;
  /** The breed's name without the species (`German Shepherd Dog`). */
  name: string;
  /** The species as VBO writes it in labels: `Dog`, `Cat`, `Rabbit`. */
  species: string;
  parents: string[];
  exactSynonyms: string[];
  xrefs: string[];
  obsolete: boolean;
  replacedBy: string | null;
  /** The breed registries VBO cites for the term, by column: `kc`, `gccf`, `fife`, `tica`, `cfa`, … */
  registries: string[];
}

const registryColumn = /^source_for_breed_([a-z]+)$/i;

/** The terms of one template file, in the file's order of their first row. */
export function parseVboTemplate(text: string): VboTerm[] {
  const rows = text.split('\n').map((line) => line.replace(/\r$/, '').split('\t'));
  const [header = [], template = []] = rows;
  const columns = (test: (name: string, template: string) => boolean) =>
    header.flatMap((name, index) => (test(name, template[index] ?? '') ? [index] : []));
  const first = (name: string) => header.indexOf(name);
  const idColumn = template.indexOf('ID');
  const labelColumn = template.indexOf('LABEL');
  const nameColumn = first('breed_name_to_be_used_for_label');
  const speciesColumn = first('species_to_be_used_for_label');
  const synonymColumns = columns((_, t) => /^A oboInOwl:hasExactSynonym\b/.test(t));
  const xrefColumns = columns((_, t) => /^A oboInOwl:hasDbXref\b/.test(t));
  const parentColumns = columns((_, t) => t === 'SC %');
  const obsoleteColumns = columns((_, t) => t.startsWith('AT owl:deprecated'));
  const replacementColumns = columns((_, t) => t === 'AI IAO:0100001');
  const registryColumns = columns((name) => registryColumn.test(name));
  if ([idColumn, labelColumn, nameColumn, speciesColumn].some((c) => c < 0))
    throw new Error('not a VBO breed template: it lacks ID, LABEL, breed name or species columns');

  const terms = new Map<string, VboTerm>();
  for (const cells of rows.slice(2)) {
    const id = (cells[idColumn] ?? '').trim();
    if (!/^VBO:\d+$/.test(id)) continue;
    const values = (indexes: number[]) =>
      indexes.flatMap((index) =>
        (cells[index] ?? '')
          .split('|')
          .map((value) => value.trim())
          .filter((value) => value !== ''),
      );
    const term = terms.get(id) ?? {
      id,
      name: '',
      species: '',
      parents: [],
      exactSynonyms: [],
      xrefs: [],
      obsolete: false,
      replacedBy: null,
      registries: [],
    };
    // The row with the label is the term's own; the others only add synonyms and cross-references.
    if ((cells[labelColumn] ?? '').trim() !== '') {
      term.name = (cells[nameColumn] ?? '').trim();
      term.species = (cells[speciesColumn] ?? '').trim();
      term.parents.push(...values(parentColumns));
      term.obsolete ||= values(obsoleteColumns).includes('true');
      term.replacedBy ??= values(replacementColumns)[0] ?? null;
      term.registries.push(
        ...registryColumns
          .filter((index) => (cells[index] ?? '').trim() !== '')
          .map((index) => registryColumn.exec(header[index]!)![1]!.toLowerCase()),
      );
    }
    term.exactSynonyms.push(...values(synonymColumns));
    term.xrefs.push(...values(xrefColumns));
    terms.set(id, term);
  }
  return [...terms.values()].filter((term) => term.name !== '');
}
