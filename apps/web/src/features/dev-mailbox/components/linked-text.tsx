import { Fragment } from 'react';
import { TextLink } from '@/shared/ui/text-link';

const webAddress = /(https?:\/\/[^\s<>"]+)/;

/**
 * An e-mail's text part as it reads, with its web addresses as links, so a verification link in a kept
 * e-mail can be followed from the mailbox.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(webAddress).map((part, index) =>
        index % 2 === 1 ? (
          <TextLink key={index} href={part} rel="noreferrer">
            {part}
          </TextLink>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
