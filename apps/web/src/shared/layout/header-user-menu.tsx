'use client';

import { useCallback, useId, useState } from 'react';
import { OnDemand } from '@/shared/components/on-demand';
import { Button } from '@/shared/ui/button';
import { ExpandMoreIcon, PersonIcon } from '@/shared/ui/icons';
import styles from './header-user-menu.module.css';

// The menu's code (its list, keyboard and outside-click handling) loads the first time it opens
// (decision 0034).
const loadMenuList = () => import('./header-user-menu-list').then((module) => module.HeaderUserMenuList);

export interface HeaderUser {
  firstName: string;
  lastName: string;
}

/** R2.9: the desktop user menu shows the client's name and offers Your details and Log out. */
export function HeaderUserMenu({ user, onLogout }: { user?: HeaderUser | null; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;
  const close = useCallback(() => setAnchor(null), []);
  // The name loads after activation (R4.2); until then the button still opens the menu.
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : 'Your account';
  return (
    // The menu opens under the button, in the header's flow (header-user-menu-list.module.css).
    <div className={styles.root}>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<PersonIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // A second click on the button closes the menu, as a click anywhere else outside it does.
        onClick={(event) => setAnchor(open ? null : event.currentTarget)}
        className={styles.button}
      >
        {name}
      </Button>
      <OnDemand
        wanted={open}
        load={loadMenuList}
        onUnavailable={close}
        props={{ id: menuId, buttonId, anchor, onClose: close, onLogout }}
      />
    </div>
  );
}
