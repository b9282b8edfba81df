import { appointmentEventExamples } from './appointment-event-examples.ts';
import { exampleAddress } from './example-address.ts';
import { messageEventExamples } from './message-event-examples.ts';
import { paymentEventExamples } from './payment-event-examples.ts';
import { planEventExamples } from './plan-event-examples.ts';
import type { PracticeEventEnvelope, PracticeEventType } from './practice-events.ts';

/** The example client's marketing choices: none by any channel. */
const noMarketing = { email: false, sms: false, phone: false, post: false };
/** Told of the practice's answers by e-mail only (decision 0168). */
const answersByEmail = { email: true, sms: false, phone: false, post: false };

/**
 * One event of each type as the portal sends it (a webhook body, a feed item): the examples of the
 * integration contract (docs/integration/openapi.json, decision 0109) and of docs/practice-events.md,
 * which shows these very events (scripts/practice-events-doc.test.ts). Made-up people and places only.
 * The appointments', payments' and plans' events are in their own files, imported here.
 */
export const practiceEventExamples: { [T in PracticeEventType]: PracticeEventEnvelope<T> } = {
  'client.registered': {
    id: 'evt_101',
    type: 'client.registered',
    timestamp: '2026-11-26T09:14:03.512Z',
    data: {
      client_id: 5012,
      client_ref: null,
      practice_id: 3,
      practice_ref: 'PR-KENT-01',
      salutation: 'Ms',
      first_name: 'Ada',
      last_name: 'Example',
      email: 'ada@example.org',
      mobile_phone: '+447700900123',
      home_phone: null,
      ...exampleAddress,
      contact_preferences: {
        reminders: {
          email: true,
          sms: true,
          phone: false,
          post: false,
        },
        marketing: noMarketing,
        messages: answersByEmail,
      },
    },
  },
  'client.linked': {
    id: 'evt_102',
    type: 'client.linked',
    timestamp: '2026-11-26T09:20:41.007Z',
    data: {
      client_id: 877,
      client_ref: 'C-877',
      practice_id: 3,
      practice_ref: 'PR-KENT-01',
    },
  },
  'client.details_changed': {
    id: 'evt_103',
    type: 'client.details_changed',
    timestamp: '2026-11-26T10:02:17.230Z',
    data: {
      client_id: 877,
      client_ref: 'C-877',
      changed: {
        mobile_phone: '+447700900456',
        postcode: 'CT2 7NZ',
        town: 'Canterbury',
      },
    },
  },
  'client.contact_preferences_changed': {
    id: 'evt_104',
    type: 'client.contact_preferences_changed',
    timestamp: '2026-11-26T10:03:55.901Z',
    data: {
      client_id: 877,
      client_ref: 'C-877',
      contact_preferences: {
        reminders: {
          email: true,
          sms: false,
          phone: false,
          post: false,
        },
        marketing: noMarketing,
        messages: answersByEmail,
      },
    },
  },
  'client.online_account_deleted': {
    id: 'evt_105',
    type: 'client.online_account_deleted',
    timestamp: '2026-11-26T11:40:02.118Z',
    data: {
      client_id: 877,
      client_ref: 'C-877',
      deleted_at: '2026-11-26T11:40:02.101Z',
    },
  },
  'pet.registered': {
    id: 'evt_105',
    type: 'pet.registered',
    timestamp: '2026-11-26T10:11:09.448Z',
    data: {
      pet_id: 90211,
      pet_ref: null,
      client_id: 877,
      client_ref: 'C-877',
      name: 'Biscuit',
      species: 'Dog',
      breed: 'Labrador Retriever',
      colour: 'Yellow',
      sex: 'Female',
      neutered: true,
      date_of_birth: '2023-04-18',
      microchip: '985112345678901',
      insurer: null,
      policy_number: null,
      awaiting_initial_consultation: true,
    },
  },
  'pet.details_changed': {
    id: 'evt_121',
    type: 'pet.details_changed',
    timestamp: '2026-11-26T10:40:02.114Z',
    data: {
      pet_id: 90211,
      pet_ref: 'P-88310',
      client_id: 877,
      client_ref: 'C-877',
      changed: {
        neutered: true,
        insurer: 'Petplan',
        policy_number: 'PP-123/45',
      },
    },
  },
  'pet.died': {
    id: 'evt_122',
    type: 'pet.died',
    timestamp: '2026-11-26T10:45:19.530Z',
    data: {
      pet_id: 90211,
      pet_ref: 'P-88310',
      client_id: 877,
      client_ref: 'C-877',
      status: 'Deceased',
      recorded_at: '2026-11-26T10:45:19.530Z',
    },
  },
  'pet.rehomed': {
    id: 'evt_123',
    type: 'pet.rehomed',
    timestamp: '2026-11-26T10:47:51.002Z',
    data: {
      pet_id: 90212,
      pet_ref: null,
      client_id: 877,
      client_ref: 'C-877',
      status: 'Rehomed',
      recorded_at: '2026-11-26T10:47:51.002Z',
    },
  },
  ...appointmentEventExamples,
  'prescription.requested': {
    id: 'evt_122',
    type: 'prescription.requested',
    timestamp: '2026-11-27T10:05:12.330Z',
    data: {
      request_id: 311,
      practice_id: 3,
      practice_ref: 'PR-KENT-01',
      client_id: 5013,
      client_ref: 'C-877',
      pet_id: 90230,
      pet_ref: 'P-2291',
      supply: 'written',
      fee_pence: 3350,
      note: 'Going on holiday on the 10th',
      items: [
        {
          medication_id: 4410,
          medication_ref: 'MED-88120',
          medicine: 'Vetmedin 2.5 mg chewable tablets',
          strength: '2.5 mg',
          category: 'POM-V',
          quantity: 2,
          unit: 'packs of 50 tablets',
        },
        {
          medication_id: 4411,
          medication_ref: 'MED-88121',
          medicine: 'Frusemide 20 mg tablets',
          strength: '20 mg',
          category: 'POM-V',
          quantity: 1,
          unit: 'pack of 28 tablets',
        },
      ],
      requested_at: '2026-11-27T10:05:12.301Z',
    },
  },
  'estimate.accepted': {
    id: 'evt_130',
    type: 'estimate.accepted',
    timestamp: '2026-11-28T09:12:40.118Z',
    data: {
      estimate_id: 812,
      estimate_ref: 'EST-20931',
      practice_id: 3,
      practice_ref: 'PR-KENT-01',
      client_id: 5013,
      client_ref: 'C-877',
      revision: 2,
      answered_at: '2026-11-28T09:12:40.097Z',
      total_pence: 68_400,
    },
  },
  'estimate.declined': {
    id: 'evt_131',
    type: 'estimate.declined',
    timestamp: '2026-11-28T09:20:03.561Z',
    data: {
      estimate_id: 813,
      estimate_ref: 'EST-20932',
      practice_id: 3,
      practice_ref: 'PR-KENT-01',
      client_id: 5013,
      client_ref: 'C-877',
      revision: 1,
      answered_at: '2026-11-28T09:20:03.540Z',
      total_pence: 152_000,
      reason: 'We would like a second opinion before the surgery.',
    },
  },
  ...paymentEventExamples,
  ...planEventExamples,
  ...messageEventExamples,
};
