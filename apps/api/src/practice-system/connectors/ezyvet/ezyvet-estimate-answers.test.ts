import { describe, expect, it } from 'vitest';
import type { EstimateAnswerData } from '../estimate-answer.ts';
import { estimateAnswerCommunication } from './ezyvet-estimate-answers.ts';

const answer: EstimateAnswerData = {
  answer: 'declined',
  estimate_id: 12,
  estimate_ref: '41',
  practice_id: 1,
  practice_ref: 'PRA-000001',
  client_id: 3,
  client_ref: '7',
  revision: 2,
  total_pence: 12_600,
  reason: 'We will wait until after Christmas.',
  answered_at: '2026-11-28T10:00:00Z',
};

describe('an owner’s answer to an ezyVet estimate', () => {
  it('is a communication on the client’s contact, sent by nobody, with its marker in the subject', () => {
    const body = estimateAnswerCommunication(answer);
    expect(body).toMatchObject({
      contact_detail_type_id: 8,
      format: 'PlainText',
      status: 'Done',
      contact_id: 7,
      subject: 'Estimate declined online (portal estimate 12 revision 2)',
    });
    expect(body.message).toContain('declined estimate 41 (revision 2) online, total £126.00 including VAT');
    expect(body.message).toContain("Client's reason: We will wait until after Christmas.");
  });

  it('says accepted for an acceptance, with no reason line', () => {
    const body = estimateAnswerCommunication({ ...answer, answer: 'accepted', reason: undefined });
    expect(body.subject).toBe('Estimate accepted online (portal estimate 12 revision 2)');
    expect(body.message).not.toContain('reason');
  });
});
