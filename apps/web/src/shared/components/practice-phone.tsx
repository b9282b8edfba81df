import { telephoneHref } from '@/shared/telephone-href';
import { TextLink } from '@/shared/ui/text-link';

/** "Phone: 01632 960123", the number a link to call, named with the practice for a screen reader. */
export function PracticePhone({ practice }: { practice: { name: string; phone: string } }) {
  return (
    <p>
      Phone:{' '}
      <TextLink
        href={telephoneHref(practice.phone)}
        external
        aria-label={`Call ${practice.name} on ${practice.phone}`}
      >
        {practice.phone}
      </TextLink>
    </p>
  );
}
