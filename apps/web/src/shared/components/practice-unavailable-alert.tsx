import { AppAlert } from '@/shared/components/app-alert';
import { telephoneHref } from '@/shared/telephone-href';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';

/**
 * R8.7: shown when a practice's online registration is unavailable; the phone is a tap-to-call link.
 */
export function PracticeUnavailableAlert({ practicePhone }: { practicePhone: string }) {
  return (
    <AppAlert severity="error" data-testid="alertBox-practice">
      <p className={typography.body1}>Online registration is currently unavailable for this practice.</p>
      <p className={typography.body1}>
        Please call the practice on <TextLink href={telephoneHref(practicePhone)}>{practicePhone}</TextLink>
      </p>
    </AppAlert>
  );
}
