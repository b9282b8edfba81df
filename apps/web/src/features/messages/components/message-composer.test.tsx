// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessibleDescription } from '@/testing/accessible-description';
import { MessageComposer } from './message-composer';

configure({ asyncUtilTimeout: 5_000 });

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }));
vi.mock('@/shared/navigation/use-portal-router', () => ({
  usePortalRouter: () => ({ router, navigating: false }),
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  Object.values(router).forEach((fn) => fn.mockClear());
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (conversationId: number) =>
  json(201, {
    conversationId,
    message: {
      id: 1,
      author: 'client',
      authorName: null,
      body: 'x',
      sentAt: '2026-11-29T08:00:00Z',
      state: 'sent',
      attachments: [],
      suggestedBooking: null,
    },
  });
const sentBodies = () =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);

function renderComposer() {
  render(<MessageComposer target={{ choose: [{ petId: 7, name: 'Bramble' }], initialPetId: 7 }} />);
  return {
    text: screen.getByRole('textbox', { name: 'Your message' }),
    send: screen.getByRole('button', { name: 'Send message' }),
  };
}

describe('MessageComposer', () => {
  it('refuses an empty message with the reason tied to the field, sending nothing', () => {
    const { send, text } = renderComposer();
    fireEvent.click(send);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(text)).toBe('Write your message. 0 of 5,000 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the limit and refuses a message over it before sending', () => {
    const { send, text } = renderComposer();
    fireEvent.change(text, { target: { value: 'a'.repeat(5_001) } });
    screen.getByText('5,001 of 5,000 characters');
    fireEvent.click(send);
    expect(accessibleDescription(text)).toMatch(/^Your message is too long: at most 5,000 characters\./);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the text when the send fails, and sends the retry with the same request id', async () => {
    fetchMock.mockResolvedValueOnce(json(503, {})).mockResolvedValueOnce(sent(42));
    const { send, text } = renderComposer();
    fireEvent.change(text, { target: { value: 'Bramble has a cut.' } });
    fireEvent.click(send);
    await screen.findByText('Your message was not sent');
    expect((text as HTMLTextAreaElement).value).toBe('Bramble has a cut.');
    fireEvent.click(send);
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/messages/42'));
    const [first, retry] = sentBodies();
    expect(first).toMatchObject({ petId: 7, body: 'Bramble has a cut.', attachmentIds: [] });
    expect(retry!['requestId']).toBe(first!['requestId']);
  });

  it('sends once on a double click', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { send, text } = renderComposer();
    fireEvent.change(text, { target: { value: 'Hello' } });
    fireEvent.click(send);
    fireEvent.click(send);
    answer(sent(5));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/messages/5'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('brings the draft back after a reload, and resends a tried send with its first request id', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(sent(42));
    const before = renderComposer();
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: '' } });
    fireEvent.change(before.text, { target: { value: 'Our address changed.' } });
    fireEvent.click(before.send);
    await screen.findByText('Your message was not sent');
    cleanup(); // the page reloaded

    const after = renderComposer();
    expect((after.text as HTMLTextAreaElement).value).toBe('Our address changed.');
    expect(screen.getByLabelText<HTMLSelectElement>('What is it about?').value).toBe('');
    fireEvent.click(after.send);
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/messages/42'));
    const [tried, resent] = sentBodies();
    expect(resent).toMatchObject({ petId: null, body: 'Our address changed.' });
    expect(resent!['requestId']).toBe(tried!['requestId']);

    // Sent: the draft went with it, and the next message starts empty.
    cleanup();
    expect((renderComposer().text as HTMLTextAreaElement).value).toBe('');
  });

  it('brings back the files a draft had uploaded, ready to send', async () => {
    const photo = {
      id: 31,
      kind: 'photo',
      contentType: 'image/jpeg',
      byteSize: 812_345,
      width: 2560,
      height: 1920,
      fileName: 'IMG_4821.JPG',
    };
    window.sessionStorage.setItem(
      'messageDrafts',
      JSON.stringify({ 'new:7': { text: 'A rash.', petId: 7, files: [photo], requestId: null } }),
    );
    fetchMock.mockResolvedValueOnce(sent(9));
    const { send } = renderComposer();
    const files = screen.getByRole('list', { name: 'Files to send' });
    expect(files.textContent).toContain('IMG_4821.JPG');
    expect(files.textContent).toContain('Ready to send');
    fireEvent.click(send);
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/messages/9'));
    expect(sentBodies()[0]).toMatchObject({ petId: 7, body: 'A rash.', attachmentIds: [31] });
  });

  it('shows the API’s refusal and writes about the account when chosen', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Your practice does not take messages online. Please call the practice.',
        code: 'messages_off',
      }),
    );
    const { send, text } = renderComposer();
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: '' } });
    fireEvent.change(text, { target: { value: 'My address changed.' } });
    fireEvent.click(send);
    await screen.findByText(/Your practice does not take messages online/);
    expect(sentBodies()[0]).toMatchObject({ petId: null });
  });
});
