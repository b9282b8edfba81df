'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
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
import { clinicianPhrase } from '@/features/appointments/appointment-groups';
import type { SlotDay } from '@/features/appointments/slot-days';

/** "Tuesday 1 December, 09:30, with a vet": what a time says to a screen reader. */
export function slotAccessibleName(
  slot: AppointmentSlot,
  clinicianType: AppointmentSummary['clinicianType'],
) {
  const who = clinicianPhrase(clinicianType);
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
    <Box sx={{ minWidth: 0 }}>
      <ScrollableTabs
        label="Days"
        selected={dayIndex}
        onSelect={setDayIndex}
        panelId={panelId}
        tabs={days.map((candidate, index) => {
          const count = candidate.slots.length;
          const [weekday, ...date] = formatShortPracticeDay(candidate.date).split(' ');
          return {
            id: tabId(index),
            accessibleName: `${formatPracticeDay(candidate.date)}, ${count === 0 ? 'no times' : count === 1 ? '1 time' : `${count} times`}`,
            label: (
              <Box component="span" sx={{ display: 'grid', lineHeight: 1.3 }}>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {weekday}
                </Box>
                <Box component="span">{date.join(' ')}</Box>
                <Box component="span" sx={{ fontSize: '0.75rem', fontWeight: 400 }}>
                  {count === 0 ? 'none' : `${count} free`}
                </Box>
              </Box>
            ),
          };
        })}
      />
      <Box role="tabpanel" id={panelId} aria-labelledby={tabId(dayIndex)} sx={{ pt: 2 }}>
        {day.slots.length === 0 ? (
          <Box>
            <Typography>No times are free on {formatPracticeDay(day.date)}.</Typography>
            {nextWithTimes >= 0 && (
              <Button variant="outlined" sx={{ mt: 1.5 }} onClick={() => setDayIndex(nextWithTimes)}>
                Show {formatPracticeDay(days[nextWithTimes]?.date ?? '')}
              </Button>
            )}
          </Box>
        ) : (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1.5 }}>
              Times on {formatPracticeDay(day.date)} (UK time, {zone})
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))',
              }}
            >
              {day.slots.map((slot) => {
                const checked = value === slot.startsAt;
                return (
                  <Box
                    key={slot.startsAt}
                    component="label"
                    sx={{
                      position: 'relative',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      minHeight: 48,
                      border: 1,
                      borderRadius: 1,
                      cursor: 'pointer',
                      fontWeight: 600,
                      borderColor: checked ? 'primary.main' : 'grey.500',
                      bgcolor: checked ? 'primary.main' : 'background.paper',
                      color: checked ? 'primary.contrastText' : 'text.primary',
                      '&:has(input:focus-visible)': {
                        outline: 2,
                        outlineStyle: 'solid',
                        outlineOffset: 2,
                        outlineColor: 'primary.main',
                      },
                      '&:hover': { borderColor: 'primary.main' },
                    }}
                  >
                    <Box
                      component="input"
                      type="radio"
                      name={`${baseId}-time`}
                      value={slot.startsAt}
                      checked={checked}
                      onChange={() => onChange(slot)}
                      aria-label={slotAccessibleName(slot, clinicianType)}
                      sx={{ position: 'absolute', opacity: 0, inset: 0, m: 0, cursor: 'pointer' }}
                    />
                    {formatPracticeClock(slot.startsAt)}
                  </Box>
                );
              })}
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}
