import { describe, expect, it } from 'vitest';
import { brandedEmail, codeInText } from './branded-email.ts';

const email = brandedEmail({
  brandName: 'Harbour Vets',
  subject: 'Your code <for "linking">',
  greeting: 'Hello Olivia & Sam,',
  paragraphs: ['Enter the code below to link your account.', '<script>alert(1)</script>'],
  code: '482913',
  action: { label: 'Open the portal', url: 'https://portal.example/verified?code=482913&practice=7' },
  footer: "You asked for this code; if you didn't, ignore this e-mail.",
});

describe('brandedEmail', () => {
  it('keeps the subject as given (the header is not HTML)', () => {
    expect(email.subject).toBe('Your code <for "linking">');
  });

  it('writes a plain text part with every line, the code and the link, signed with the brand', () => {
    expect(email.text).toBe(
      [
        'Hello Olivia & Sam,',
        '',
        'Enter the code below to link your account.',
        '',
        '<script>alert(1)</script>',
        '',
        'Your code: 482913',
        '',
        'Open the portal: https://portal.example/verified?code=482913&practice=7',
        '',
        'Harbour Vets Client Portal',
        '',
        "You asked for this code; if you didn't, ignore this e-mail.",
      ].join('\n'),
    );
  });

  it('writes an HTML part that escapes every text, with the code large and the link as a button', () => {
    expect(email.html).toContain('<title>Your code &lt;for &quot;linking&quot;&gt;</title>');
    expect(email.html).toContain('<p>Hello Olivia &amp; Sam,</p>');
    expect(email.html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toMatch(/<p style="font-size:28px[^"]*">482913<\/p>/);
    expect(email.html).toContain('<a href="https://portal.example/verified?code=482913&amp;practice=7"');
    expect(email.html).toContain('>Open the portal</a>');
    expect(email.html).toContain('didn&#39;t');
    expect(email.html).toContain('Harbour Vets Client Portal');
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
  });

  it('leaves out the code, the button and the footer when there are none', () => {
    const plain = brandedEmail({
      brandName: 'Harbour Vets',
      subject: 'Your appointment is cancelled',
      greeting: 'Hello Tom,',
      paragraphs: ['Your appointment on 3 March is cancelled.'],
    });
    expect(plain.text).toBe(
      'Hello Tom,\n\nYour appointment on 3 March is cancelled.\n\nHarbour Vets Client Portal',
    );
    expect(plain.html).not.toMatch(/<a |font-size:28px|font-size:13px/);
  });

  describe("the sender's closing lines (decision 0143)", () => {
    const about = {
      brandName: 'Harbour Vets',
      subject: 'Repeat prescription for Rex: Approved',
      greeting: 'Hello Olivia,',
      paragraphs: ['Your practice has approved it.'],
      footer: 'You asked for this prescription in the portal.',
    };

    it('ends both parts with who owns the practice and the complaints page', () => {
      const sent = brandedEmail({
        ...about,
        sender: {
          portalUrl: 'https://portal.example',
          practice: { name: 'Clapham Vets', ownerName: 'Harbour Vets Group & Co' },
        },
      });
      expect(sent.text.split('\n').slice(-5)).toEqual([
        'You asked for this prescription in the portal.',
        '',
        'Clapham Vets is owned by Harbour Vets Group & Co.',
        '',
        'How to complain, and the free independent mediation service: https://portal.example/complaints',
      ]);
      expect(sent.html).toContain(
        '<p style="font-size:13px;color:#555">Clapham Vets is owned by Harbour Vets Group &amp; Co.</p>',
      );
      expect(sent.html).toMatch(
        /<a href="https:\/\/portal\.example\/complaints"[^>]*>How to complain, and the free independent mediation service<\/a>/,
      );
    });

    it('links the complaints page without an ownership line when no practice or owner is known', () => {
      for (const sender of [
        { portalUrl: 'https://portal.example' },
        { portalUrl: 'https://portal.example', practice: { name: 'Clapham Vets', ownerName: null } },
      ]) {
        const sent = brandedEmail({ ...about, sender });
        expect(sent.text).not.toContain('owned by');
        expect(sent.html).not.toContain('owned by');
        expect(sent.text.endsWith('mediation service: https://portal.example/complaints')).toBe(true);
        expect(sent.html).toContain('href="https://portal.example/complaints"');
      }
    });

    it('adds nothing when the sender is not given', () => {
      const sent = brandedEmail(about);
      expect(sent.text).not.toContain('/complaints');
      expect(sent.html).not.toContain('/complaints');
    });
  });

  it('lets the development mailbox find the code again in the text part', () => {
    expect(codeInText(email.text)).toBe('482913');
    expect(codeInText('Hello,\n\nNo code in this one.')).toBeNull();
  });
});
