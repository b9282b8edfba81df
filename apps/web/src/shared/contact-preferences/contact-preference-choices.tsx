'use client';

import {
  contactChannels,
  contactPurposes,
  type ContactChannel,
  type ContactPreferenceChoices as Choices,
  type ContactPurpose,
} from '@vet/contracts/contact-preference-rules';
import { Checkbox, ChoiceLabel } from '@/shared/ui/choice';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import group from '@/shared/ui/checkbox-group.module.css';
import styles from './contact-preference-choices.module.css';

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
  messages: {
    legend: 'Answers to your messages',
    description:
      'When your practice answers a message you sent it, we tell you, never with what it says: you read it after signing in. How would you like to be told?',
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
    <div className={styles.root}>
      {contactPurposes.map((purpose) => (
        <fieldset key={purpose} className={group.group}>
          <legend className={group.legend}>{purposeText[purpose].legend}</legend>
          <p className={cx(typography.secondary, group.description)}>{purposeText[purpose].description}</p>
          <div className={group.choices}>
            {contactChannels.map((channel) => (
              <ChoiceLabel
                key={channel}
                label={channelLabels[channel]}
                className={group.choice}
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
          </div>
        </fieldset>
      ))}
    </div>
  );
}
