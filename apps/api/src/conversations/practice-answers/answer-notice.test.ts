import { describe, expect, it } from 'vitest';
import { answerNoticeEmail, answerNoticeSms, type AnswerNoticeFacts } from './answer-notice.ts';

const settings = { portalUrl: 'https://portal.example', brandName: 'Willowbrook Vets' };
const facts: AnswerNoticeFacts & { email: string } = {
  conversationId: 1207,
  email: 'ada@example.org',
  mobilePhone: '07400 123456',
  firstName: 'Ada',
  petName: 'Biscuit',
  practiceName: 'Clapham',
  practiceOwnerName: null,
  byEmail: true,
  bySms: true,
};

describe('the answer notices', () => {
  it('name the practice and the pet, and link to the conversation behind sign-in', () => {
    const email = answerNoticeEmail(settings, facts);

    expect(email.to).toBe('ada@example.org');
    expect(email.subject).toBe('Clapham has answered your message about Biscuit');
    expect(email.text).toContain('https://portal.example/messages/1207');
    expect(answerNoticeSms(settings, facts)).toBe(
      'Willowbrook Vets: Clapham has answered your message about Biscuit. Sign in to read it: ' +
        'https://portal.example/messages/1207',
    );
  });

  it('say "your account" for a conversation about no pet', () => {
    const about = { ...facts, petName: null };

    expect(answerNoticeEmail(settings, about).subject).toBe(
      'Clapham has answered your message about your account',
    );
    expect(answerNoticeSms(settings, about)).toContain('about your account.');
  });
});
