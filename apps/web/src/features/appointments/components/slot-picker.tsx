'use client';

import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import type { AppointmentSummary } from '@vet/contracts/appointments';
import { useId, useState } from 'react';
import {
  formatPracticeClock,
  formatPracticeDay,
  formatShortPracticeDay,
  practiceDate,
  practiceZoneLabel,
} from '@/shared/dates/appointment-time';
import { ScrollableTabs } from '@/shared/components/scrollable-tabs';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import { clinicianPhrase } from '@vet/contracts/clinician-phrase';
import type { SlotDay } from '@/features/appointments/slot-days';
import styles from './slot-picker.module.css';

/** "Tuesday 1 December, 09:30, with a vet": what a time says to a screen reader. */
export function slotAccessibleName(
  slot: AppointmentSlot,
  clinicianType: AppointmentSummary['clinicianType'],
) {
  const who = clinicianPhrase({ clinicianType });
  const day = formatPracticeDay(practiceDate(slot.startsAt));
  return [day, formatPracticeClock(slot.startsAt), who].filter(Boolean).join(', ');
}

export interface SlotPickerProps {
  days: SlotDay[];
  clinicianType: AppointmentSummary['clinicianType'];
  /** The chosen start, if any. */
  value: string | null;
  onChange: (slot: AppointmentSlot) => void;
  /** The day to open on when no time is chosen (amending: the appointment's own day). */
  initialDate?: string;
}

/**
 * The days as a tab list (arrow keys move between days, Home and End to the ends, the day follows the
 * focus), and the chosen day's times as radio buttons (one Tab stop, arrow keys between times, each
 * named in full). A day with no times says so and offers the next one that has.
 */
export function SlotPicker({ days, clinicianType, value, onChange, initialDate }: SlotPickerProps) {
  const baseId = useId();
  const openOn = value ? practiceDate(value) : initialDate;
  const chosenDay = openOn ? days.findIndex((day) => day.date === openOn) : -1;
  const firstWithTimes = Math.max(
    0,
    days.findIndex((day) => day.slots.length > 0),
  );
  const [dayIndex, setDayIndex] = useState(chosenDay >= 0 ? chosenDay : firstWithTimes);
  const day = days[Math.min(dayIndex, days.length - 1)];
  if (!day) return null;
  const nextWithTimes = days.findIndex((candidate, index) => index > dayIndex && candidate.slots.length > 0);
  const tabId = (index: number) => `${baseId}-day-${index}`;
  const panelId = `${baseId}-panel`;
  const zone = day.slots[0] ? practiceZoneLabel(day.slots[0].startsAt) : null;
  return (
    <div className={styles.root}>
      <ScrollableTabs
        label="Days"
        selected={dayIndex}
        onSelect={setDayIndex}
        panelId={panelId}
        tabs={days.map((candidate, index) => {
          const count = candidate.slots.length;
          const [weekday, ...date] = formatShortPracticeDay(candidate.date).split(' ');
          const free = count === 0 ? 'none' : `${count} free`;
          return {
            id: tabId(index),
            // The words on the tab, in order (WCAG 2.5.3, label in name): a speech user says what they see.
            accessibleName: `${weekday} ${date.join(' ')}, ${free}`,
            label: (
              <span className={styles.tabLabel}>
                <span className={styles.weekday}>{weekday}</span> <span>{date.join(' ')}</span>{' '}
                <span className={styles.count}>{free}</span>
              </span>
            ),
          };
        })}
      />
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(dayIndex)} className={styles.panel}>
        {day.slots.length === 0 ? (
          <div>
            <p>No times are free on {formatPracticeDay(day.date)}.</p>
            {nextWithTimes >= 0 && (
              <Button
                variant="outlined"
                className={styles.nextDay}
                onClick={() => setDayIndex(nextWithTimes)}
              >
                Show {formatPracticeDay(days[nextWithTimes]?.date ?? '')}
              </Button>
            )}
          </div>
        ) : (
          <fieldset className={styles.times}>
            <legend className={styles.legend}>
              Times on {formatPracticeDay(day.date)} (UK time, {zone})
            </legend>
            <div className={styles.grid}>
              {day.slots.map((slot) => {
                const checked = value === slot.startsAt;
                return (
                  <label key={slot.startsAt} className={cx(styles.time, checked && styles.checked)}>
                    <input
                      type="radio"
                      name={`${baseId}-time`}
                      value={slot.startsAt}
                      checked={checked}
                      onChange={() => onChange(slot)}
                      aria-label={slotAccessibleName(slot, clinicianType)}
                      className={styles.input}
                    />
                    {formatPracticeClock(slot.startsAt)}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      </div>
    </div>
  );
}
