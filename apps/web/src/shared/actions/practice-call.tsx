import { telephoneHref } from '@/shared/telephone-href';
import { TextLink } from '@/shared/ui/text-link';
import type { HomePractice } from './action-rules';

/** "<practice>: <number>", the number a link that calls it: a dialog's line about calling the practice. */
export function PracticeCall({ practice }: { practice: HomePractice }) {
  return (
    <>
      {practice.name}:{' '}
      <TextLink href={telephoneHref(practice.phone)} external>
        {practice.phone}
      </TextLink>
    </>
  );
}
