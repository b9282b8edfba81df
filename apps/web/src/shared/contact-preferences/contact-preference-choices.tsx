'use client';

import {
  contactChannels,
  contactPurposes,
  type ContactChannel,
  type ContactPreferenceChoices as Choices,
  type ContactPurpose,
} from '@vet/contracts/contact-preference-rules';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';

const channelLabels: Record<ContactChannel, string> = {
  email: 'E-mail',
  sms: 'Text message (SMS)',
  phone: 'Phone call',
  post: 'Post',
};

/** R3.4's purposes, in plain words; marketing is explained as the opt-in it is. */
const purposeText: Record<ContactPurpose, { legend: string; description: string }> = {
  reminders: {
    legend: 'Reminders about your pets',
    description: 'Vaccination, treatment and appointment reminders. How would you like to get them?',
  },
  marketing: {
    legend: 'Offers and news',
    description:
      'We only send you offers and news if you tick a box here; leave them all empty and you get none. You can change this at any time.',
  },
};

/** The contact preferences: a yes/no for each purpose and channel (R3.4), one fieldset per purpose. */
export function ContactPreferenceChoices({
  value,
  onChange,
}: {
  value: Choices;
  onChange: (value: Choices) => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {contactPurposes.map((purpose) => (
        <Box component="fieldset" key={purpose} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
            {purposeText[purpose].legend}
          </FormLabel>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>{purposeText[purpose].description}</Typography>
          <FormGroup row sx={{ columnGap: 2 }}>
            {contactChannels.map((channel) => (
              <FormControlLabel
                key={channel}
                label={channelLabels[channel]}
                sx={{ minHeight: 44 }}
                control={
                  <Checkbox
                    name={`${purpose}-${channel}`}
                    checked={value[purpose][channel]}
                    onChange={(event) =>
                      onChange({
                        ...value,
                        [purpose]: { ...value[purpose], [channel]: event.target.checked },
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
      ))}
    </Box>
  );
}
