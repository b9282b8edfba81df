import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addDays,
  clockTime,
  isoDay,
  isoDayOfWeek,
  practiceDate,
  practiceInstant,
  practiceWallTime,
} from '@vet/contracts/practice-clock';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { DEMO_ANCHOR_MONDAY } from './demo-export.ts';
import { DATED_COLUMNS, EXPORT_FILES, type ExportFile } from './export-files.ts';
import { practiceInstantText } from './practice-time-text.ts';

const DAY_MS = 86_400_000;

/** Whole weeks from the anchor week to the week (Monday to Sunday, UK) holding `today`. */
export function weeksFromAnchor(today: Date): number {
  const date = practiceDate(today);
  const monday = addDays(date, 1 - isoDayOfWeek(date));
  return Math.round((Date.parse(monday) - Date.parse(DEMO_ANCHOR_MONDAY)) / (7 * DAY_MS));
}

/**
 * The same wall-clock time `weeks` weeks on, with the UK offset of its new moment: 09:00 on a winter
 * Tuesday moved into summer is 09:00 BST, an hour earlier in UTC. A time the clocks skip moves on by the
 * gap (practiceInstant's rule).
 */
export function shiftInstantText(text: string, weeks: number): string {
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) throw new Error(`Not an ISO 8601 instant: ${text}`);
  const wall = practiceWallTime(instant);
  const moved = practiceInstant(addDays(isoDay(wall), weeks * 7), clockTime(wall));
  return practiceInstantText(new Date(moved.getTime() + instant.getUTCSeconds() * 1000));
}

/** One file's text with every date and instant moved by `weeks` weeks; other cells as they were. */
export function rebaseExportText(file: ExportFile, text: string, weeks: number): string {
  const dated = DATED_COLUMNS[file];
  if (!dated || weeks === 0) return text;
  const [header, ...rows] = parse(text, { bom: true });
  if (!header) return text;
  const shift = (columns: readonly string[] | undefined, move: (cell: string) => string) => {
    for (const column of columns ?? []) {
      const index = header.indexOf(column);
      if (index < 0) continue;
      for (const row of rows) {
        const cell = row[index];
        if (cell) row[index] = move(cell);
      }
    }
  };
  shift(dated.dates, (cell) => addDays(cell, weeks * 7));
  shift(dated.instants, (cell) => shiftInstantText(cell, weeks));
  return stringify([header, ...rows]);
}

/**
 * Copies the export at `sourceDir` to `targetDir`, moved by whole weeks so that its anchor week
 * (DEMO_ANCHOR_MONDAY's) becomes the week of `today`: weekdays and wall-clock times stay, and the
 * appointments, closures, dates of birth and vaccinations keep their distance from today.
 */
export function rebaseDemoExport(sourceDir: string, targetDir: string, today: Date): { weeks: number } {
  const weeks = weeksFromAnchor(today);
  mkdirSync(targetDir, { recursive: true });
  const present = new Set(readdirSync(sourceDir));
  for (const file of EXPORT_FILES.filter((f) => present.has(f))) {
    const text = readFileSync(join(sourceDir, file), 'utf8');
    writeFileSync(join(targetDir, file), rebaseExportText(file, text, weeks));
  }
  return { weeks };
}
