import { describe, expect, it } from 'vitest';
import { prescriptionAnswerEmail, type AnsweredRequest } from './prescription-email.ts';

const settings = { portalUrl: 'https://portal.example', brandName: 'Harbour Vets' };
const request: AnsweredRequest = {
  to: 'olivia@example.org',
  firstName: 'Olivia',
  petName: 'Bramble',
  practiceName: 'Willowbrook Vets Clapham',
  practicePhone: '020 7946 0001',
  practiceOwnerName: 'Harbour Vets Group Ltd',
  status: 'PrescriptionIssued',
  message: null,
  supply: 'written',
  feePence: 3350,
  medicines: ['Metacam', 'Yumove'],
};

describe('prescriptionAnswerEmail (decision 0111)', () => {
  it('says the answer, the medicines and the fee of a written prescription', () => {
    const email = prescriptionAnswerEmail(settings, request);
    expect(email).toMatchObject({
      to: 'olivia@example.org',
      subject: 'Repeat prescription for Bramble: Written prescription issued',
    });
    expect(email.text).toContain('Metacam, Yumove');
    expect(email.text).toContain('The fee is £33.50.');
    expect(email.text).toContain('https://portal.example/drug-request');
  });

  it('gives a refusal’s reason, and a review’s link to booking', () => {
    const declined = prescriptionAnswerEmail(settings, {
      ...request,
      status: 'Declined',
      message: 'Kidney bloods first.',
    });
    expect(declined.text).toContain('Your practice says: Kidney bloods first.');
    const review = prescriptionAnswerEmail(settings, { ...request, status: 'ReviewNeeded' });
    expect(review.text).toContain('https://portal.example/appointments/book');
  });

  it('ends with who owns the practice and the complaints page (decision 0143)', () => {
    const email = prescriptionAnswerEmail(settings, request);
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Willowbrook Vets Clapham is owned by Harbour Vets Group Ltd.');
      expect(part).toContain('https://portal.example/complaints');
    }
  });
});
