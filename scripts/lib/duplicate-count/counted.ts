/**
 * What decision 0110 counts of the duplicate finder's output: the hand-written code's pairs, outside
 * tests, seed data, lock files and what a tool writes (drizzle-kit's migrations, the generated client).
 */
const leftOut = [
  /\.test\.tsx?$/,
  /(^|\/)testing\//,
  /^e2e\//,
  /^packages\/db\/src\/seed/,
  /(^|\/)demo-group\//,
  /(^|\/)fixtures(\/|$)/,
  /(^|\/)package-lock\.json$/,
  /^packages\/db\/migrations\//,
  /^packages\/integration-client\/src\/generated\//,
];

/** Whether a file git tracks is read for the count. */
export const counted = (path: string) => !leftOut.some((rule) => rule.test(path));

/** The finder's rows of pairs (`D12 a.ts:1-9 ~ b.ts:4-12 …`) but those it marks boilerplate. */
export const countedRows = (output: string) =>
  output.split('\n').filter((line) => /^D\d+ /.test(line) && !line.includes('boilerplate'));
