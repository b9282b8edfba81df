import { PortalLink } from '@/shared/navigation/portal-link';
import { cx } from '@/shared/ui/cx';
import buttonBase from '@/shared/ui/button-base.module.css';
import styles from './brand-logo.module.css';

/** R2.10: the logo goes to / when signed in; otherwise it starts sign-in (a button then). */
export function BrandLogo(props: { brandName: string; signedIn: boolean; onSignIn: () => void }) {
  if (props.signedIn) {
    return (
      <PortalLink href="/" className={cx(buttonBase.base, styles.logo)}>
        {props.brandName}
        <span className="visually-hidden">, Dashboard</span>
      </PortalLink>
    );
  }
  return (
    <button type="button" onClick={props.onSignIn} className={cx(buttonBase.base, styles.logo)}>
      {props.brandName}
      <span className="visually-hidden">, sign in</span>
    </button>
  );
}
