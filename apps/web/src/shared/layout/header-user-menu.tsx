'use client';

import ExpandMore from '@mui/icons-material/ExpandMore';
import Person from '@mui/icons-material/Person';
import Button from '@mui/material/Button';
import { useCallback, useId, useState } from 'react';
import { OnDemand } from '@/shared/components/on-demand';

// The menu's code (MUI's Menu, Popover and Modal) loads the first time it opens (decision 0034).
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
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<Person aria-hidden />}
        endIcon={<ExpandMore aria-hidden />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 44 }}
      >
        {name}
      </Button>
      <OnDemand
        wanted={open}
        load={loadMenuList}
        onUnavailable={close}
        props={{ id: menuId, buttonId, anchor, onClose: close, onLogout }}
      />
    </>
  );
}
