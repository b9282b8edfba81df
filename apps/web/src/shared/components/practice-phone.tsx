import { telephoneHref } from '@/shared/telephone-href';
import { TextLink } from '@/shared/ui/text-link';

/** The practice's number as a link to call it, named with the practice for a screen reader. */
export function PracticeCallLink({ practice }: { practice: { name: string; phone: string } }) {
  return (
    <TextLink
      href={telephoneHref(practice.phone)}
      external
      aria-label={`Call ${practice.name} on ${practice.phone}`}
    >
      {practice.phone}
    </TextLink>
  );
}

/** "Phone: 01632 960123", the number a link to call. */
export function PracticePhone({ practice }: { practice: { name: string; phone: string } }) {
  return (
    <p>
      Phone: <PracticeCallLink practice={practice} />
    </p>
  );
}
