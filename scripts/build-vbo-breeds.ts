/**
 * `npm run lists:build-breeds -- --git-dir <VBO repository> [--commit <sha>]`: writes the portal's breeds
 * from the Vertebrate Breed Ontology (packages/db/src/reference/data/breeds-vbo.csv) and the source's
 * note in that folder's README (decision 0096). Reads the ROBOT templates the repository held before its
 * move to one OBO file: dogbreeds, catbreeds, livestockbreeds and dadistransbound (rabbits) at the newest
 * commit holding dogbreeds.tsv, or at --commit. The same commit gives the same files, byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildVboBreeds } from '@vet/db/reference/build/vbo-breeds';
import { parseVboTemplate } from '@vet/db/reference/build/vbo-templates';
import { formatCsv } from '@vet/db/reference/csv';
import { breedColumns } from '@vet/db/reference/reference-files';
import { repoRoot } from './lib/shared/paths.ts';

const templates = ['dogbreeds', 'catbreeds', 'livestockbreeds', 'dadistransbound'].map(
  (name) => `src/ontology/components/${name}.tsv`,
);
const dataDirectory = join(repoRoot, 'packages/db/src/reference/data');

const { values } = parseArgs({
  options: { 'git-dir': { type: 'string' }, commit: { type: 'string' } },
});
const gitDir = values['git-dir'];
if (!gitDir) {
  console.error(
    'Usage: npm run lists:build-breeds -- --git-dir <VBO repository (a clone or bare copy)> [--commit <sha>]',
  );
  process.exit(2);
}
const git = (...args: string[]) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit =
  values.commit ?? git('log', '--all', '-1', '--diff-filter=AM', '--format=%H', '--', templates[0]!).trim();
const committedOn = git('show', '-s', '--format=%cs', commit).trim();

const terms = templates.flatMap((path) => parseVboTemplate(git('show', `${commit}:${path}`)));
const { breeds, droppedSynonyms } = buildVboBreeds(terms);
const rows = breeds.map((b) => [
  b.species,
  b.code,
  b.name,
  b.codes.join('|'),
  b.synonyms.join('|'),
  b.replacedBy,
]);
writeFileSync(join(dataDirectory, 'breeds-vbo.csv'), formatCsv([[...breedColumns], ...rows]));

const count = (species: string) => breeds.filter((b) => b.species === species && b.replacedBy === '').length;
const replaced = breeds.filter((b) => b.replacedBy !== '').length;
const note = [
  '<!-- vbo:begin (written by scripts/build-vbo-breeds.ts) -->',
  '',
  `- Source: [Vertebrate Breed Ontology](https://github.com/monarch-initiative/vertebrate-breed-ontology), commit`,
  `  [\`${commit.slice(0, 12)}\`](https://github.com/monarch-initiative/vertebrate-breed-ontology/tree/${commit})`,
  `  of ${committedOn}: ${templates.map((t) => `\`${t.split('/').pop()}\``).join(', ')}.`,
  '- Licence: [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/); attribution: "Vertebrate Breed',
  '  Ontology (VBO), Monarch Initiative, CC BY 4.0". The portal keeps a selection and reshapes it (below).',
  `- Kept: ${count('Canine')} dog, ${count('Feline')} cat and ${count('Rabbit')} rabbit breeds; ${replaced} obsolete`,
  `  terms merged into a kept one; ${droppedSynonyms} synonyms dropped as another breed's name or claimed by two.`,
  '',
  '<!-- vbo:end -->',
].join('\n');
const readmePath = join(dataDirectory, 'README.md');
const readme = readFileSync(readmePath, 'utf8');
writeFileSync(readmePath, readme.replace(/<!-- vbo:begin[\s\S]*?<!-- vbo:end -->/, note));
console.log(note);
